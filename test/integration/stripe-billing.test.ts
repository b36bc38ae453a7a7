/** @jest-environment node */
// Card checkout through the Stripe fake: the checkout route, the hosted page, signed webhooks
// (bad, stale, replayed, out of order, Stripe down) and managing the subscription afterwards.
import { eq } from "drizzle-orm";
import { GET as checkout } from "@/app/api/stripe/plans/[planId]/checkout/route";
import { GET as subscriptionGet } from "@/app/api/guilds/[guildId]/subscription/route";
import { POST as subscriptionAction } from "@/app/api/guilds/[guildId]/subscription/[action]/route";
import { GET as guildPortal } from "@/app/api/guilds/[guildId]/billing/session/route";
import { GET as userPortal } from "@/app/api/users/[userId]/billing/session/route";
import { GET as updatePaymentMethods } from "@/app/api/users/[userId]/billing/update-payment-methods/route";
import { FAKE_WEBHOOK_SECRET } from "@/emulators/stripe/credentials";
import { stripeSignature } from "@/emulators/stripe/signature";
import { USER_IDS } from "@/emulators/platform/data/ids";
import { recomputeGuildBuffs } from "@/lib/billing/subscriptions";
import { getDb } from "@/lib/db/client";
import { payments, subscriptions, webhookEvents } from "@/lib/db/schema";
import { startEmulatorHarness, type EmulatorHarness } from "@/test/emulator-harness";
import { call, type CookieJar } from "@/test/route-client";
import { addScratchGuild, readBuffs } from "@/test/scratch-guild";
import { signedInJar } from "@/test/sign-in";
import { postStripeEvent, startStripeHarness } from "@/test/stripe-harness";

let harness: EmulatorHarness;
let stripe: Awaited<ReturnType<typeof startStripeHarness>>;
let ada: CookieJar;
let bjorn: CookieJar;

beforeAll(async () => {
  harness = await startEmulatorHarness();
  stripe = await startStripeHarness();
  [ada, bjorn] = [await signedInJar(harness), await signedInJar(harness, USER_IDS.bjorn)];
});
afterAll(async () => {
  await stripe.stop();
  await harness.stop();
});

async function startCheckout(guildId: string, jar: CookieJar | null = ada, plan = "premium") {
  return call(checkout, `/api/stripe/plans/${plan}/checkout?guild_id=${guildId}&period=1`, { jar: jar ?? undefined, params: { planId: plan } });
}

/** Buys premium for a fresh guild through the hosted page; the guild and the fake's subscription id. */
async function buy(): Promise<{ guildId: string; subscriptionId: string }> {
  const guildId = addScratchGuild(harness, "workshop");
  const { url } = (await (await startCheckout(guildId)).json()) as { url: string };
  const paid = await fetch(url, { method: "POST", body: new URLSearchParams({ card_number: "4242 4242 4242 4242", card_expiry: "12/34", card_cvc: "123" }), redirect: "manual" });
  expect(paid.status).toBe(302);
  expect(paid.headers.get("location")).toBe(`http://localhost:3000/en/dashboard/${guildId}?premium=welcome`);
  const session = stripe.state.sessions.get(url.split("/").pop()!)!;
  return { guildId, subscriptionId: session.subscription! };
}

function signedEvent(type: string, object: unknown, timestamp?: number) {
  const payload = JSON.stringify({ id: `evt_test${Math.random().toString(36).slice(2)}`, object: "event", type, data: { object }, created: 1 });
  return { payload, signature: stripeSignature(payload, FAKE_WEBHOOK_SECRET, timestamp) };
}

async function storedRow(subscriptionId: string) {
  const [row] = await (await getDb()).select().from(subscriptions).where(eq(subscriptions.externalId, subscriptionId));
  return row;
}

describe("checkout", () => {
  it("creates a subscription session with the guild's metadata, the same one for a repeated click", async () => {
    const guildId = addScratchGuild(harness, "workshop");
    const first = (await (await startCheckout(guildId)).json()) as { url: string };
    const second = (await (await startCheckout(guildId)).json()) as { url: string };
    expect(second.url).toBe(first.url);
    const session = stripe.state.sessions.get(first.url.split("/").pop()!)!;
    expect(session.metadata).toEqual({ guild_id: guildId, user_id: USER_IDS.ada, plan: "premium", period_months: "1" });
    expect(session.subscriptionMetadata).toEqual(session.metadata);
    expect([...stripe.state.idempotent.keys()].some((key) => key.startsWith("POST /v1/checkout/sessions checkout-"))).toBe(true);
  });

  it("opens checkout with a new customer when the one kept for the buyer is gone at Stripe", async () => {
    await buy();
    // The buyer's customer is deleted at Stripe (or the account changed): it is no longer there.
    stripe.state.customers.clear();
    const guildId = addScratchGuild(harness, "workshop");
    const response = await startCheckout(guildId);
    expect(response.status).toBe(200);
    const { url } = (await response.json()) as { url: string };
    expect(stripe.state.sessions.get(url.split("/").pop()!)?.metadata.guild_id).toBe(guildId);
  });

  it("redirects a browser navigation to the checkout page", async () => {
    const guildId = addScratchGuild(harness, "workshop");
    const response = await call(checkout, `/api/stripe/plans/pro/checkout?guild_id=${guildId}&period=12`, { jar: ada, params: { planId: "pro" }, headers: { "sec-fetch-mode": "navigate" } });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toMatch(new RegExp(`^${stripe.url}/c/pay/cs_test_`));
  });

  it("refuses a guild the caller does not manage, and an unknown plan", async () => {
    const guildId = addScratchGuild(harness, "workshop");
    expect((await startCheckout(guildId, bjorn)).status).toBe(403);
    expect((await startCheckout(guildId, null)).status).toBe(401);
    expect((await startCheckout(guildId, ada, "gold")).status).toBe(400);
  });

  it("declines any card but the test card, with a message, and changes nothing", async () => {
    const guildId = addScratchGuild(harness, "workshop");
    const { url } = (await (await startCheckout(guildId)).json()) as { url: string };
    const declined = await fetch(url, { method: "POST", body: new URLSearchParams({ card_number: "4000 0000 0000 0002" }), redirect: "manual" });
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain("Your card was declined");
    expect((await readBuffs(guildId)) ?? []).not.toContain("premium");
  });

  it("paying with 4242 sends the webhooks: the guild has premium, one payment row, the card on file", async () => {
    const { guildId, subscriptionId } = await buy();
    expect(await readBuffs(guildId)).toContain("premium");
    const row = await storedRow(subscriptionId);
    expect(row).toMatchObject({ guildId, userId: USER_IDS.ada, plan: "premium", status: "active", paymentMethod: { brand: "visa", last4: "4242" } });
    const paid = await (await getDb()).select().from(payments).where(eq(payments.subscriptionId, row!.id));
    expect(paid).toMatchObject([{ provider: "stripe", amountCents: 1199, currency: "usd", status: "paid", product: "premium" }]);
  });
});

describe("webhook", () => {
  it("refuses an event past 512 KB in the envelope, even signed, before applying anything", async () => {
    const big = signedEvent("customer.subscription.updated", { id: "sub_big", object: "subscription", padding: "x".repeat(600 * 1024) });
    const response = await postStripeEvent(big.payload, big.signature);
    expect({ status: response.status, body: await response.json() }).toMatchObject({ status: 413, body: { code: "payload_too_large", status_code: 413 } });
  });

  it("answers 401 to a bad signature and to a stale timestamp (> 300 s)", async () => {
    const { subscriptionId } = await buy();
    const object = { id: subscriptionId, object: "subscription" };
    const bad = signedEvent("customer.subscription.updated", object);
    expect((await postStripeEvent(bad.payload, bad.signature.replace(/v1=(.)/, (_, first: string) => `v1=${first === "0" ? "1" : "0"}`))).status).toBe(401);
    const stale = signedEvent("customer.subscription.updated", object, Math.floor(Date.now() / 1000) - 301);
    const response = await postStripeEvent(stale.payload, stale.signature);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: "webhook_signature_invalid" });
  });

  it("acknowledges, without applying, a subscription Guildhall did not sell (no guild in its metadata)", async () => {
    const { subscriptionId } = await buy();
    stripe.state.subscriptions.get(subscriptionId)!.metadata = {};
    const event = signedEvent("customer.subscription.updated", { id: subscriptionId, object: "subscription" });
    const response = await postStripeEvent(event.payload, event.signature);
    expect({ status: response.status, body: await response.json() }).toEqual({ status: 200, body: { received: true, applied: false } });
  });

  it("applies a replayed event once", async () => {
    const { subscriptionId } = await buy();
    const event = stripe.state.events.find((candidate) => candidate.type === "customer.subscription.created" && candidate.payload.includes(subscriptionId))!;
    const again = await postStripeEvent(event.payload, stripeSignature(event.payload, FAKE_WEBHOOK_SECRET));
    expect(await again.json()).toEqual({ received: true, applied: false });
  });

  it("settles on the state read from Stripe when events arrive out of order", async () => {
    const { subscriptionId } = await buy();
    await call(subscriptionAction, "", { method: "POST", jar: ada, params: { guildId: (await storedRow(subscriptionId))!.guildId, action: "cancel" } });
    const [created, updated] = ["customer.subscription.created", "customer.subscription.updated"].map((type) => stripe.state.events.filter((event) => event.type === type && event.payload.includes(subscriptionId)).pop()!);
    // The renewal-era "created" arrives after the cancellation: a fresh copy (new id), applied, yet the stored row stays cancelling.
    const late = signedEvent("customer.subscription.created", JSON.parse(created!.payload).data.object);
    expect(await (await postStripeEvent(late.payload, late.signature)).json()).toEqual({ received: true, applied: true });
    expect(updated).toBeDefined();
    expect(await storedRow(subscriptionId)).toMatchObject({ status: "non_renewing", cancelAtPeriodEnd: true });
  });

  it("answers 5xx without claiming while Stripe is down, and applies the event on Stripe's retry", async () => {
    const { subscriptionId } = await buy();
    const event = signedEvent("customer.subscription.updated", { id: subscriptionId, object: "subscription" });
    stripe.setDown(true);
    try {
      expect((await postStripeEvent(event.payload, event.signature)).status).toBe(502);
    } finally {
      stripe.setDown(false);
    }
    const eventId = JSON.parse(event.payload).id as string;
    expect(await (await getDb()).select().from(webhookEvents).where(eq(webhookEvents.eventId, eventId))).toEqual([]);
    expect(await (await postStripeEvent(event.payload, event.signature)).json()).toEqual({ received: true, applied: true });
  });
});

describe("managing", () => {
  it("cancel at period end: an end date instead of a renewal, buffs kept until then, gone after", async () => {
    const { guildId } = await buy();
    const before = (await (await call(subscriptionGet, "", { jar: ada, params: { guildId } })).json()) as { subscription: Record<string, unknown> };
    expect(before.subscription).toMatchObject({ status: "active", ends_at: null, actions: ["cancel", "pause", "extend"], payment_method: { last4: "4242" }, bought_by_you: true });
    const renewsAt = before.subscription.renews_at as string;
    const after = (await (await call(subscriptionAction, "", { method: "POST", jar: ada, params: { guildId, action: "cancel" } })).json()) as { subscription: Record<string, unknown> };
    expect(after.subscription).toMatchObject({ status: "non_renewing", renews_at: null, ends_at: renewsAt, actions: ["reactivate"] });
    expect(await readBuffs(guildId)).toContain("premium");
    const db = await getDb();
    const later = await db.transaction((tx) => recomputeGuildBuffs(tx, guildId, new Date(Date.parse(renewsAt) + 1000)));
    expect(later.after).not.toContain("premium");
  });

  it("refuses an action the state does not allow, and a guild without a subscription", async () => {
    const { guildId } = await buy();
    const refused = await call(subscriptionAction, "", { method: "POST", jar: ada, params: { guildId, action: "resume" } });
    expect(refused.status).toBe(409);
    const empty = addScratchGuild(harness, "workshop");
    expect((await call(subscriptionAction, "", { method: "POST", jar: ada, params: { guildId: empty, action: "cancel" } })).status).toBe(404);
  });

  it("pause, resume and extend go through Stripe", async () => {
    const { guildId, subscriptionId } = await buy();
    const act = async (action: string) => ((await (await call(subscriptionAction, "", { method: "POST", jar: ada, params: { guildId, action } })).json()) as { subscription: Record<string, unknown> }).subscription;
    expect(await act("pause")).toMatchObject({ status: "paused" });
    expect(await readBuffs(guildId)).not.toContain("premium");
    expect(await act("resume")).toMatchObject({ status: "active" });
    const end = stripe.state.subscriptions.get(subscriptionId)!.periodEnd;
    expect(await act("extend")).toMatchObject({ status: "in_trial", renews_at: new Date((end + 30 * 24 * 3600) * 1000).toISOString() });
  });

  it("portal sessions: the guild's and the signed-in user's own", async () => {
    const { guildId } = await buy();
    const guild = (await (await call(guildPortal, "", { jar: ada, params: { guildId } })).json()) as { url: string };
    expect(guild.url).toMatch(new RegExp(`^${stripe.url}/p/session/bps_`));
    expect(await (await fetch(guild.url)).text()).toContain("•••• 4242");
    expect((await call(userPortal, "", { jar: ada, params: { userId: "@me" } })).status).toBe(200);
    expect((await call(userPortal, "", { jar: ada, params: { userId: USER_IDS.bjorn } })).status).toBe(403);
  });

  it("update-payment-methods: the signed-in user's portal, showing the card to replace", async () => {
    await buy();
    const { url } = (await (await call(updatePaymentMethods, "", { jar: ada, params: { userId: USER_IDS.ada } })).json()) as { url: string };
    expect(url).toMatch(new RegExp(`^${stripe.url}/p/session/bps_`));
    expect(stripe.state.portalSessions.get(url.split("/").pop()!)?.returnUrl).toBe("http://localhost:3000/en/dashboard");
    expect(await (await fetch(url)).text()).toContain("visa •••• 4242");
    // Bjorn pays for nothing here; on a database other files share he may have bought elsewhere, so his rows lose their customer.
    await (await getDb()).update(subscriptions).set({ customerId: null }).where(eq(subscriptions.userId, USER_IDS.bjorn));
    expect((await call(updatePaymentMethods, "", { jar: bjorn, params: { userId: "@me" } })).status).toBe(404);
    expect((await call(updatePaymentMethods, "", { jar: ada, params: { userId: USER_IDS.bjorn } })).status).toBe(403);
  });
});
