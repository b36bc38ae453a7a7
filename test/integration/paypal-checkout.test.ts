/** @jest-environment node */
// PayPal checkout through the PayPal fake (spec 3): the checkout route creates the subscription
// through PayPal's API, the buyer approves it on the fake's page, the return finalizes it; signed
// webhooks (bad, tampered, replayed, out of order, PayPal down) and managing it afterwards.
import { and, asc, eq } from "drizzle-orm";
import { GET as checkout } from "@/app/api/paypal/plans/[planId]/checkout/route";
import { POST as finalize } from "@/app/api/paypal/finalize/route";
import { GET as subscriptionGet } from "@/app/api/guilds/[guildId]/subscription/route";
import { POST as subscriptionAction } from "@/app/api/guilds/[guildId]/subscription/[action]/route";
import { GET as guildPortal } from "@/app/api/guilds/[guildId]/billing/session/route";
import { transmissionHeaders } from "@/emulators/paypal/webhooks";
import { FAKE_PLANS } from "@/emulators/paypal/credentials";
import { USER_IDS } from "@/emulators/platform/data/ids";
import { getDb } from "@/lib/db/client";
import { auditEvents, payments, subscriptions, webhookEvents } from "@/lib/db/schema";
import { resetEnvCache } from "@/lib/env";
import { readBody, type Envelope } from "@/test/api";
import { startEmulatorHarness, type EmulatorHarness } from "@/test/emulator-harness";
import { postPaypalEvent, startPaypalHarness, type PaypalHarness } from "@/test/paypal-harness";
import { call, type CookieJar } from "@/test/route-client";
import { addScratchGuild, readBuffs } from "@/test/scratch-guild";
import { signedInJar } from "@/test/sign-in";

let harness: EmulatorHarness;
let paypal: PaypalHarness;
let ada: CookieJar;
let bjorn: CookieJar;

beforeAll(async () => {
  harness = await startEmulatorHarness();
  paypal = await startPaypalHarness();
  [ada, bjorn] = [await signedInJar(harness), await signedInJar(harness, USER_IDS.bjorn)];
});
afterEach(() => paypal.mute(false));
afterAll(async () => {
  await paypal.stop();
  await harness.stop();
});

const open = (plan: string, query: string, jar: CookieJar | null = ada, headers: Record<string, string> = {}) =>
  call(checkout, `/api/paypal/plans/${plan}/checkout?${query}`, { jar: jar ?? undefined, params: { planId: plan }, headers });

const finish = (subscriptionId: string, jar: CookieJar = ada) => call(finalize, "/api/paypal/finalize", { method: "POST", jar, body: { subscription_id: subscriptionId } });

/** Starts a checkout for a fresh guild Ada owns; the guild, the approve link and the subscription's id at PayPal. */
async function started(plan = "premium", period = "1") {
  const guildId = addScratchGuild(harness, "workshop");
  const response = await open(plan, `guild_id=${guildId}&period=${period}`);
  expect(response.status).toBe(200);
  const { url } = (await response.json()) as { url: string };
  const sub = paypal.state.byBaToken(new URL(url).searchParams.get("ba_token") ?? "")!;
  return { guildId, url, subscriptionId: sub.id };
}

/** Buys premium for a fresh guild: approved on the fake's page, its events delivered to the webhook. */
async function bought() {
  const checkoutStarted = await started();
  const back = await fetch(checkoutStarted.url, { method: "POST", redirect: "manual" });
  expect(back.status).toBe(302);
  return { ...checkoutStarted, returnUrl: back.headers.get("location")! };
}

async function storedRow(subscriptionId: string) {
  const [row] = await (await getDb()).select().from(subscriptions).where(and(eq(subscriptions.provider, "paypal"), eq(subscriptions.externalId, subscriptionId)));
  return row;
}

async function billingAudits(guildId: string) {
  return (await getDb()).select().from(auditEvents).where(and(eq(auditEvents.guildId, guildId), eq(auditEvents.action, "billing.update"))).orderBy(asc(auditEvents.at));
}

/** A signed transmission of `event` as the fake sends it (a fresh event id unless given). */
function signedEvent(type: string, resource: unknown, id = `WH-TEST${Math.random().toString(36).slice(2, 12).toUpperCase()}`) {
  const payload = JSON.stringify({ id, event_version: "1.0", create_time: new Date().toISOString(), resource_type: "subscription", event_type: type, summary: type, resource });
  return { id, payload, headers: transmissionHeaders(paypal.state, { webhookId: "1JE4291016473214C", certUrl: () => `${paypal.url}/v1/notifications/certs/CERT-360caa42-fca2a594-fake` }, payload) };
}

describe("checkout", () => {
  it("creates a PayPal subscription naming guild and buyer in custom_id, with the return and cancel pages, and answers its approve link", async () => {
    const { guildId, url, subscriptionId } = await started("pro", "12");
    const sub = paypal.state.subscriptions.get(subscriptionId)!;
    expect(url).toBe(`${paypal.url}/webapps/billing/subscriptions?ba_token=${sub.baToken}`);
    expect(sub).toMatchObject({
      status: "APPROVAL_PENDING",
      customId: `${guildId}:${USER_IDS.ada}`,
      plan: FAKE_PLANS.find((entry) => entry.plan === "pro" && entry.months === 12),
      returnUrl: "http://localhost:3000/en/premium/return?provider=paypal",
      cancelUrl: "http://localhost:3000/en/premium/return?provider=paypal&state=cancelled",
      brandName: "Guildhall",
    });
  });

  it("opens the same approval for a repeated click (PayPal-Request-Id)", async () => {
    const guildId = addScratchGuild(harness, "workshop");
    const [first, second] = [await open("premium", `guild_id=${guildId}`), await open("premium", `guild_id=${guildId}`)];
    expect(((await second.json()) as { url: string }).url).toBe(((await first.json()) as { url: string }).url);
  });

  it("redirects a browser navigation (303) to the approve link", async () => {
    const guildId = addScratchGuild(harness, "workshop");
    const response = await open("premium", `guild_id=${guildId}`, ada, { "sec-fetch-mode": "navigate" });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toMatch(new RegExp(`^${paypal.url}/webapps/billing/subscriptions\\?ba_token=BA-`));
  });

  it("answers 503 billing_unavailable, translated, for a plan PayPal does not sell and when PayPal is not configured; 502 while PayPal is down", async () => {
    const guildId = addScratchGuild(harness, "workshop");
    const saved = process.env.PAYPAL_PLAN_IDS!;
    try {
      process.env.PAYPAL_PLAN_IDS = JSON.stringify({ premium_1: FAKE_PLANS[0]!.id });
      resetEnvCache();
      const unsold = await open("pro", `guild_id=${guildId}&period=1`, ada, { "x-guildhall-locale": "es" });
      expect({ status: unsold.status, body: await readBody(unsold) }).toMatchObject({ status: 503, body: { code: "billing_unavailable", message: "Los pagos no están disponibles en este momento. Inténtalo más tarde." } });
      delete process.env.PAYPAL_PLAN_IDS;
      for (const key of ["PAYPAL_CLIENT_ID", "PAYPAL_CLIENT_SECRET", "PAYPAL_WEBHOOK_ID", "PAYPAL_API_URL"]) process.env[`SAVED_${key}`] = process.env[key];
      for (const key of ["PAYPAL_CLIENT_ID", "PAYPAL_CLIENT_SECRET", "PAYPAL_WEBHOOK_ID", "PAYPAL_API_URL"]) delete process.env[key];
      resetEnvCache();
      const off = await open("premium", `guild_id=${guildId}`);
      expect({ status: off.status, code: ((await readBody(off)) as Envelope).code }).toEqual({ status: 503, code: "billing_unavailable" });
    } finally {
      for (const key of ["PAYPAL_CLIENT_ID", "PAYPAL_CLIENT_SECRET", "PAYPAL_WEBHOOK_ID", "PAYPAL_API_URL"]) {
        process.env[key] = process.env[`SAVED_${key}`];
        delete process.env[`SAVED_${key}`];
      }
      process.env.PAYPAL_PLAN_IDS = saved;
      resetEnvCache();
    }
    paypal.setDown(true);
    try {
      const down = await open("premium", `guild_id=${guildId}&period=12`);
      expect({ status: down.status, code: ((await readBody(down)) as Envelope).code }).toEqual({ status: 502, code: "billing_unavailable" });
    } finally {
      paypal.setDown(false);
    }
  });

  it("refuses a signed-out caller, a guild the caller does not manage, an unknown plan or period", async () => {
    const guildId = addScratchGuild(harness, "workshop");
    expect((await open("premium", `guild_id=${guildId}`, null)).status).toBe(401);
    expect((await open("premium", `guild_id=${guildId}`, bjorn)).status).toBe(403);
    expect((await open("gold", `guild_id=${guildId}`)).status).toBe(400);
    expect((await open("premium", `guild_id=${guildId}&period=6`)).status).toBe(400);
  });
});

describe("finalize", () => {
  it("after approval turns Premium on with one audit row, and a second return changes nothing", async () => {
    paypal.mute(true);
    const { guildId, subscriptionId, returnUrl } = await bought();
    expect(Object.fromEntries(new URL(returnUrl).searchParams)).toEqual({ provider: "paypal", subscription_id: subscriptionId, ba_token: expect.stringMatching(/^BA-/), token: expect.stringMatching(/^BA-/) });
    expect((await readBuffs(guildId)) ?? []).not.toContain("premium");
    const response = await finish(subscriptionId);
    expect({ status: response.status, body: await response.json() }).toMatchObject({ status: 200, body: { guild_id: guildId, plan: "premium", status: "active" } });
    expect(await readBuffs(guildId)).toContain("premium");
    expect(await billingAudits(guildId)).toMatchObject([{ userId: USER_IDS.ada, after: { status: "active", plan: "premium", buffs: expect.arrayContaining(["premium"]) } }]);
    expect(await storedRow(subscriptionId)).toMatchObject({ guildId, userId: USER_IDS.ada, status: "active", customerId: "QYR5Z8XDVJNXQ" });
    const again = await finish(subscriptionId);
    expect(again.status).toBe(200);
    expect(await billingAudits(guildId)).toHaveLength(1);
  });

  it("refuses a subscription not approved yet, and one another user bought, changing nothing", async () => {
    const { guildId, url, subscriptionId } = await started();
    const pending = await finish(subscriptionId);
    expect({ status: pending.status, code: ((await readBody(pending)) as Envelope).code }).toEqual({ status: 409, code: "checkout_unpaid" });
    // Bjorn is handed Ada's subscription for a guild he manages: the guild passes, the buyer does not.
    const his = addScratchGuild(harness, "synthwave");
    paypal.mute(true);
    await paypal.approve(url);
    paypal.state.subscriptions.get(subscriptionId)!.customId = `${his}:${USER_IDS.ada}`;
    const stolen = await finish(subscriptionId, bjorn);
    expect({ status: stolen.status, code: ((await readBody(stolen)) as Envelope).code }).toEqual({ status: 403, code: "checkout_forbidden" });
    expect(await storedRow(subscriptionId)).toBeUndefined();
    expect((await readBuffs(guildId)) ?? []).not.toContain("premium");
  });

  it("refuses a subscription for a guild the caller does not manage (guild_forbidden), and an unknown or malformed id", async () => {
    paypal.mute(true);
    const { subscriptionId } = await bought();
    const response = await finish(subscriptionId, bjorn);
    expect({ status: response.status, code: ((await readBody(response)) as Envelope).code }).toEqual({ status: 403, code: "guild_forbidden" });
    expect(await storedRow(subscriptionId)).toBeUndefined();
    expect((await finish("I-UNKNOWN00000")).status).toBe(404);
    expect((await finish("not-an-id")).status).toBe(400);
  });
});

describe("webhook", () => {
  it("approval's events turn Premium on and record the sale once", async () => {
    const { guildId, subscriptionId } = await bought();
    expect(await readBuffs(guildId)).toContain("premium");
    const row = await storedRow(subscriptionId);
    expect(row).toMatchObject({ status: "active", plan: "premium" });
    expect(await (await getDb()).select().from(payments).where(eq(payments.subscriptionId, row!.id))).toMatchObject([{ provider: "paypal", amountCents: 1199, currency: "usd", status: "paid", product: "premium" }]);
    // The buyer's return after the webhook: the same row, no audit added.
    const audits = (await billingAudits(guildId)).length;
    expect((await finish(subscriptionId)).status).toBe(200);
    expect(await billingAudits(guildId)).toHaveLength(audits);
  });

  it("answers 401 (in the envelope) to a bad signature, a tampered body, a foreign webhook id's transmission and missing headers", async () => {
    const { subscriptionId } = await bought();
    const event = signedEvent("BILLING.SUBSCRIPTION.ACTIVATED", { id: subscriptionId });
    const badSig = await postPaypalEvent(event.payload, { ...event.headers, "paypal-transmission-sig": Buffer.from("forged").toString("base64") });
    expect({ status: badSig.status, body: await readBody(badSig) }).toMatchObject({ status: 401, body: { code: "webhook_signature_invalid", status_code: 401, error: { message: expect.any(String) } } });
    const tampered = await postPaypalEvent(event.payload.replace(subscriptionId, "I-TAMPERED0000"), event.headers);
    expect(tampered.status).toBe(401);
    const other = transmissionHeaders(paypal.state, { webhookId: "9XX00000000000000", certUrl: () => event.headers["paypal-cert-url"]! }, event.payload);
    expect((await postPaypalEvent(event.payload, other)).status).toBe(401);
    expect((await postPaypalEvent(event.payload, {})).status).toBe(401);
    expect((await postPaypalEvent("not json", event.headers)).status).toBe(400);
    expect(await (await getDb()).select().from(webhookEvents).where(eq(webhookEvents.eventId, event.id))).toEqual([]);
  });

  it("applies a replayed event once", async () => {
    const { subscriptionId } = await bought();
    const sent = paypal.state.events.find((candidate) => candidate.type === "BILLING.SUBSCRIPTION.ACTIVATED" && candidate.payload.includes(subscriptionId))!;
    const again = await postPaypalEvent(sent.payload, transmissionHeaders(paypal.state, { webhookId: "1JE4291016473214C", certUrl: () => `${paypal.url}/v1/notifications/certs/CERT-360caa42-fca2a594-fake` }, sent.payload));
    expect({ status: again.status, body: await again.json() }).toEqual({ status: 200, body: { received: true, applied: false } });
  });

  it("settles on PayPal's current state when CANCELLED arrives before an old ACTIVATED", async () => {
    paypal.mute(true);
    const { guildId, subscriptionId } = await bought();
    const sub = paypal.state.subscriptions.get(subscriptionId)!;
    const activated = paypal.state.events.find((event) => event.type === "BILLING.SUBSCRIPTION.ACTIVATED" && event.payload.includes(subscriptionId))!;
    // Cancelled at PayPal with its last payment long past: nothing is paid for any more.
    sub.status = "CANCELLED";
    sub.lastPayment = { cents: 1199, time: "2020-01-01T00:00:00Z" };
    const cancelled = signedEvent("BILLING.SUBSCRIPTION.CANCELLED", { id: subscriptionId, status: "CANCELLED" });
    expect(await (await postPaypalEvent(cancelled.payload, cancelled.headers)).json()).toEqual({ received: true, applied: true });
    expect(await storedRow(subscriptionId)).toMatchObject({ status: "cancelled" });
    // The ACTIVATED event, sent before the cancellation, arrives last: applied, yet PayPal says cancelled.
    const late = await postPaypalEvent(activated.payload, transmissionHeaders(paypal.state, { webhookId: "1JE4291016473214C", certUrl: () => `${paypal.url}/v1/notifications/certs/CERT-360caa42-fca2a594-fake` }, activated.payload));
    expect(await late.json()).toEqual({ received: true, applied: true });
    expect(await storedRow(subscriptionId)).toMatchObject({ status: "cancelled" });
    expect((await readBuffs(guildId)) ?? []).not.toContain("premium");
  });

  it("answers 502 without claiming while PayPal is down, and applies the event on PayPal's retry", async () => {
    paypal.mute(true);
    const { guildId, subscriptionId } = await bought();
    paypal.mute(false);
    paypal.setDown(true);
    let eventId: string;
    try {
      const event = signedEvent("BILLING.SUBSCRIPTION.ACTIVATED", { id: subscriptionId });
      eventId = event.id;
      const response = await postPaypalEvent(event.payload, event.headers);
      expect({ status: response.status, code: ((await readBody(response)) as Envelope).code }).toEqual({ status: 502, code: "billing_unavailable" });
    } finally {
      paypal.setDown(false);
    }
    expect(await (await getDb()).select().from(webhookEvents).where(eq(webhookEvents.eventId, eventId))).toEqual([]);
    expect(await storedRow(subscriptionId)).toBeUndefined();
    // PayPal's retries: every event the app did not take, sent again.
    await paypal.redeliver();
    expect(await readBuffs(guildId)).toContain("premium");
    expect(paypal.state.events.filter((event) => event.payload.includes(subscriptionId)).every((event) => event.delivered)).toBe(true);
  });

  it("a failed renewal makes the subscription past due (its grace keeps Premium)", async () => {
    const { guildId, subscriptionId } = await bought();
    await paypal.failPayment(subscriptionId);
    expect(await storedRow(subscriptionId)).toMatchObject({ status: "past_due" });
    expect(await readBuffs(guildId)).toContain("premium");
  });
});

describe("managing", () => {
  const act = async (guildId: string, action: string) => call(subscriptionAction, "", { method: "POST", jar: ada, params: { guildId, action } });
  const view = async (guildId: string) => ((await (await call(subscriptionGet, "", { jar: ada, params: { guildId } })).json()) as { subscription: Record<string, unknown> }).subscription;

  it("cancel: PayPal stops billing, the renewal date becomes an end date, Premium stays until then", async () => {
    const { guildId, subscriptionId } = await bought();
    const before = await view(guildId);
    expect(before).toMatchObject({ provider: "paypal", status: "active", ends_at: null, actions: ["cancel", "pause"] });
    const renewsAt = before.renews_at as string;
    const response = await act(guildId, "cancel");
    expect(((await response.json()) as { subscription: unknown }).subscription).toMatchObject({ status: "non_renewing", renews_at: null, ends_at: renewsAt, actions: [] });
    expect(paypal.state.subscriptions.get(subscriptionId)!.status).toBe("CANCELLED");
    expect(await readBuffs(guildId)).toContain("premium");
  });

  it("pause and resume go through PayPal's suspend and activate; extend is not offered", async () => {
    const { guildId, subscriptionId } = await bought();
    expect(((await (await act(guildId, "pause")).json()) as { subscription: unknown }).subscription).toMatchObject({ status: "paused", actions: ["resume", "cancel"] });
    expect(paypal.state.subscriptions.get(subscriptionId)!.status).toBe("SUSPENDED");
    expect((await readBuffs(guildId)) ?? []).not.toContain("premium");
    expect(((await (await act(guildId, "resume")).json()) as { subscription: unknown }).subscription).toMatchObject({ status: "active" });
    expect(await readBuffs(guildId)).toContain("premium");
    const extend = await act(guildId, "extend");
    expect({ status: extend.status, code: ((await readBody(extend)) as Envelope).code }).toEqual({ status: 409, code: "subscription_action_unavailable" });
  });

  it("the portal is PayPal's automatic payments page", async () => {
    const { guildId } = await bought();
    const { url } = (await (await call(guildPortal, "", { jar: ada, params: { guildId } })).json()) as { url: string };
    expect(url).toBe(`${paypal.url}/myaccount/autopay/`);
    expect(await (await fetch(url)).text()).toContain("ACTIVE");
  });
});
