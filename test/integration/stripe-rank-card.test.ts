/** @jest-environment node */
// Buying the custom rank card by card through the Stripe fake: a one-off Checkout session
// (mode=payment) coming back to the page it was bought from (a same-origin path, checked), paid
// on the hosted page, granted once by the signed webhook (a replay too) or by the buyer's return
// when the webhook is late, then refused as already owned.
import { eq } from "drizzle-orm";
import { POST as buyRankCard } from "@/app/api/users/[userId]/buy-rank-card/route";
import { POST as finalize } from "@/app/api/users/[userId]/buy-rank-card/finalize/route";
import { GET as ownership } from "@/app/api/users/[userId]/rank-card/route";
import { FAKE_WEBHOOK_SECRET } from "@/emulators/stripe/credentials";
import { stripeSignature } from "@/emulators/stripe/signature";
import { GUILD_IDS, USER_IDS } from "@/emulators/platform/data/ids";
import { getDb } from "@/lib/db/client";
import { payments, userPurchases } from "@/lib/db/schema";
import type { FieldIssue } from "@/lib/validation/issues";
import { issueTextFor } from "@/lib/validation/server-messages";
import { readBody, type Envelope } from "@/test/api";
import { startEmulatorHarness, type EmulatorHarness } from "@/test/emulator-harness";
import { call, type CookieJar } from "@/test/route-client";
import { withEnv } from "@/test/set-env";
import { signedInJar } from "@/test/sign-in";
import { postStripeEvent, startStripeHarness } from "@/test/stripe-harness";

let harness: EmulatorHarness;
let stripe: Awaited<ReturnType<typeof startStripeHarness>>;
let dani: CookieJar;
const buyer: string = USER_IDS.dani;
const levels = `/en/dashboard/${GUILD_IDS.lofi}/levels`;
const TEST_CARD = { card_number: "4242 4242 4242 4242", card_expiry: "12/34", card_cvc: "123" };

beforeAll(async () => {
  harness = await startEmulatorHarness();
  stripe = await startStripeHarness();
  dani = await signedInJar(harness, buyer);
  // Purchases outlive the files that made them on a shared database: Dani starts without the card.
  await (await getDb()).delete(userPurchases).where(eq(userPurchases.userId, buyer));
});
afterAll(async () => {
  await stripe.stop();
  await harness.stop();
});

const buy = (returnPath: unknown = levels, locale = "en", jar = dani) =>
  call(buyRankCard, "/api/users/@me/buy-rank-card", { method: "POST", jar, params: { userId: "@me" }, body: { return_path: returnPath }, headers: { "x-guildhall-locale": locale } });
const settle = (checkout: string, jar = dani, locale = "en") =>
  call(finalize, "/api/users/@me/buy-rank-card/finalize", { method: "POST", jar, params: { userId: "@me" }, body: { checkout }, headers: { "x-guildhall-locale": locale } });
const owned = async (jar = dani) => ((await readBody(await call(ownership, "/api/users/@me/rank-card", { jar, params: { userId: "@me" } }))) as { owned: boolean }).owned;
const purchases = async (userId = buyer) => (await getDb()).select().from(userPurchases).where(eq(userPurchases.userId, userId));
const sessionOf = (url: string) => stripe.state.sessions.get(url.split("/").pop()!)!;
const pay = (url: string) => fetch(url, { method: "POST", body: new URLSearchParams(TEST_CARD), redirect: "manual" });

describe("the return path", () => {
  it.each([
    ["another site", "https://evil.example/en"],
    ["a scheme-relative address", "//evil.example/en"],
    ["a backslash", "/\\evil.example"],
    ["a dot segment", "/en/../../evil"],
    ["an escape", "/en/%2F%2Fevil.example"],
    ["a query", "/en/dashboard?next=//evil.example"],
    ["a fragment", "/en#x"],
    ["no language", "/dashboard"],
    ["an unknown language", "/xx/dashboard"],
    ["a relative path", "en/dashboard"],
    ["a path too long", `/en/${"a".repeat(400)}`],
    ["a number", 42],
    ["nothing", null],
  ])("refuses %s with a translated 400 naming the field, and opens no checkout", async (_what, returnPath) => {
    const before = stripe.state.sessions.size;
    const response = await buy(returnPath, "fr");
    const body = (await readBody(response)) as Envelope & { fields: FieldIssue[] };
    expect({ status: response.status, code: body.code }).toEqual({ status: 400, code: "validation_failed" });
    expect(body.fields.map((field) => field.path)).toEqual(["return_path"]);
    // In the caller's language, not zod's English.
    const [field] = body.fields;
    expect(field!.message).toBe(issueTextFor("fr")(field!.code, field!.params));
    expect(stripe.state.sessions.size).toBe(before);
  });

  it("sends the buyer back to the page they bought from, with the card's dialog and the checkout's reference; Cancel comes back there too", async () => {
    const { url } = (await readBody(await buy())) as { url: string };
    expect(url).toMatch(new RegExp(`^${stripe.url}/c/pay/cs_test_`));
    const session = sessionOf(url);
    expect({ success: session.successUrl, cancel: session.cancelUrl }).toEqual({
      success: `http://localhost:3000${levels}?purchase={CHECKOUT_SESSION_ID}#rank-card`,
      cancel: `http://localhost:3000${levels}?purchase=cancelled#rank-card`,
    });
    // The landing page (spec 2: its #rank-card dialog) in another language is a page too, with a checkout of its own.
    const landing = (await readBody(await buy("/fr"))) as { url: string };
    expect(landing.url).not.toBe(url);
    expect(sessionOf(landing.url).successUrl).toBe("http://localhost:3000/fr?purchase={CHECKOUT_SESSION_ID}#rank-card");
  });
});

describe("buying and coming back", () => {
  it("answers the checkout URL of a one-off session for the rank card's price, the same one for a repeated click on the same page", async () => {
    const first = (await readBody(await buy())) as { url: string };
    const second = (await readBody(await buy())) as { url: string };
    expect(second.url).toBe(first.url);
    const session = sessionOf(first.url);
    expect({ mode: session.mode, lookupKey: session.price.lookupKey, amount: session.price.unitAmount, metadata: session.metadata }).toEqual({
      mode: "payment",
      lookupKey: "rank_card",
      amount: 499,
      metadata: { user_id: buyer, product: "rank_card" },
    });
    expect(await (await fetch(first.url)).text()).toContain("$4.99</strong>, once");
  });

  it("a return before paying says pending and unlocks nothing", async () => {
    const { url } = (await readBody(await buy())) as { url: string };
    expect(await readBody(await settle(sessionOf(url).id))).toEqual({ status: "pending", owned: false });
    expect(await owned()).toBe(false);
  });

  it("paying on the hosted page grants the card once (a replayed webhook too), the return to the levels page says paid, and buying again answers 409 already_owned", async () => {
    const { url } = (await readBody(await buy())) as { url: string };
    const sessionId = sessionOf(url).id;
    const paid = await pay(url);
    expect(paid.status).toBe(302);
    expect(paid.headers.get("location")).toBe(`http://localhost:3000${levels}?purchase=${sessionId}#rank-card`);

    const sent = stripe.state.events.filter((event) => event.payload.includes(sessionId));
    expect(sent.map((event) => [event.type, event.delivered])).toEqual([["checkout.session.completed", true]]);
    const [payment] = await (await getDb()).select().from(payments).where(eq(payments.externalId, sessionId));
    expect(payment).toMatchObject({ provider: "stripe", userId: buyer, product: "rank_card", amountCents: 499, currency: "usd", status: "paid", subscriptionId: null, guildId: null });
    expect((await purchases()).map((row) => [row.product, row.paymentId])).toEqual([["rank_card", payment!.id]]);

    // The dialog on the page it came back to settles the reference in the address.
    expect(await readBody(await settle(sessionId))).toEqual({ status: "paid", owned: true });
    expect(await owned()).toBe(true);

    const replay = await postStripeEvent(sent[0]!.payload, stripeSignature(sent[0]!.payload, FAKE_WEBHOOK_SECRET));
    expect(await replay.json()).toEqual({ received: true, applied: false });
    expect(await purchases()).toHaveLength(1);

    const again = await buy(levels, "fr");
    const body = (await readBody(again)) as Envelope;
    expect({ status: again.status, code: body.code, message: body.message }).toEqual({ status: 409, code: "already_owned", message: "Vous possédez déjà cet achat." });
  });
});

describe("a webhook that has not arrived", () => {
  it("the buyer's return records the payment and unlocks the card; the webhook arriving later adds nothing", async () => {
    const emre = await signedInJar(harness, USER_IDS.emre);
    // On a shared database another file may have sold Emre the card already: this one starts without it.
    await (await getDb()).delete(userPurchases).where(eq(userPurchases.userId, USER_IDS.emre));
    const { url } = (await readBody(await buy(`/en/dashboard/${GUILD_IDS.speedrun}/levels`, "en", emre))) as { url: string };
    const sessionId = sessionOf(url).id;
    // The app refuses Stripe's event (as if it were late): nothing is recorded by it.
    await withEnv({ STRIPE_WEBHOOK_SECRET: "whsec_not_the_fakes" }, () => pay(url));
    expect(stripe.state.events.filter((event) => event.payload.includes(sessionId)).map((event) => event.delivered)).toEqual([false]);
    expect(await owned(emre)).toBe(false);

    expect(await readBody(await settle(sessionId, emre))).toEqual({ status: "paid", owned: true });
    expect(await owned(emre)).toBe(true);
    await stripe.redeliver();
    expect((await purchases(USER_IDS.emre)).length).toBe(1);
    expect(await (await getDb()).select().from(payments).where(eq(payments.externalId, sessionId))).toHaveLength(1);
  });

  it("refuses another user's checkout, or an unknown one, as not found (404, translated), recording nothing", async () => {
    // On a database shared with other files, Chen may own the card already: then no checkout starts.
    await (await getDb()).delete(userPurchases).where(eq(userPurchases.userId, USER_IDS.chen));
    const { url } = (await readBody(await buy("/en", "en", await signedInJar(harness, USER_IDS.chen)))) as { url: string };
    const theirs = sessionOf(url).id;
    for (const reference of [theirs, "cs_test_unknown0000"]) {
      const response = await settle(reference, dani, "de");
      const body = (await readBody(response)) as Envelope;
      expect({ status: response.status, code: body.code, message: body.message }).toEqual({ status: 404, code: "purchase_checkout_not_found", message: "Dieser Bezahlvorgang wurde nicht gefunden. Starte den Kauf erneut." });
    }
    const malformed = await settle("../v1/customers");
    expect({ status: malformed.status, code: ((await readBody(malformed)) as Envelope).code }).toEqual({ status: 400, code: "validation_failed" });
    expect(await (await getDb()).select().from(payments).where(eq(payments.externalId, theirs))).toEqual([]);
  });

  it("records nothing for a session that is not paid (an event for an open session)", async () => {
    await (await getDb()).delete(userPurchases).where(eq(userPurchases.userId, USER_IDS.bjorn));
    const { url } = (await readBody(await buy("/en", "en", await signedInJar(harness, USER_IDS.bjorn)))) as { url: string };
    const session = sessionOf(url);
    expect(session.status).toBe("open");
    const payload = JSON.stringify({ id: `evt_test${Date.now()}`, object: "event", type: "checkout.session.completed", data: { object: { id: session.id, object: "checkout.session" } }, created: 1 });
    const response = await postStripeEvent(payload, stripeSignature(payload, FAKE_WEBHOOK_SECRET));
    expect(await response.json()).toEqual({ received: true, applied: false });
    expect(await (await getDb()).select().from(payments).where(eq(payments.externalId, session.id))).toEqual([]);
  });
});
