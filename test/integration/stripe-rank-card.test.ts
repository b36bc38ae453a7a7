/** @jest-environment node */
// Buying the custom rank card by card through the Stripe fake: a one-off Checkout session
// (mode=payment), paid on the hosted page, granted once by the signed webhook (a replay too),
// then refused as already owned.
import { eq } from "drizzle-orm";
import { POST as buyRankCard } from "@/app/api/users/[userId]/buy-rank-card/route";
import { FAKE_WEBHOOK_SECRET } from "@/emulators/stripe/credentials";
import { stripeSignature } from "@/emulators/stripe/signature";
import { USER_IDS } from "@/emulators/platform/data/ids";
import { getDb } from "@/lib/db/client";
import { payments, userPurchases } from "@/lib/db/schema";
import { readBody, type Envelope } from "@/test/api";
import { startEmulatorHarness, type EmulatorHarness } from "@/test/emulator-harness";
import { call, type CookieJar } from "@/test/route-client";
import { signedInJar } from "@/test/sign-in";
import { postStripeEvent, startStripeHarness } from "@/test/stripe-harness";

let harness: EmulatorHarness;
let stripe: Awaited<ReturnType<typeof startStripeHarness>>;
let dani: CookieJar;
const buyer = USER_IDS.dani;

beforeAll(async () => {
  harness = await startEmulatorHarness();
  stripe = await startStripeHarness();
  dani = await signedInJar(harness, buyer);
});
afterAll(async () => {
  await stripe.stop();
  await harness.stop();
});

const buy = (locale = "en", jar = dani) => call(buyRankCard, "/api/users/@me/buy-rank-card", { method: "POST", jar, params: { userId: "@me" }, headers: { "x-guildhall-locale": locale } });
const purchases = async () => (await getDb()).select().from(userPurchases).where(eq(userPurchases.userId, buyer));

it("answers the checkout URL of a one-off session for the rank card's price, the same one for a repeated click", async () => {
  const first = (await readBody(await buy())) as { url: string };
  const second = (await readBody(await buy())) as { url: string };
  expect(first.url).toMatch(new RegExp(`^${stripe.url}/c/pay/cs_test_`));
  expect(second.url).toBe(first.url);
  const session = stripe.state.sessions.get(first.url.split("/").pop()!)!;
  expect({ mode: session.mode, lookupKey: session.price.lookupKey, amount: session.price.unitAmount, metadata: session.metadata }).toEqual({
    mode: "payment",
    lookupKey: "rank_card",
    amount: 499,
    metadata: { user_id: buyer, product: "rank_card" },
  });
  expect(await (await fetch(first.url)).text()).toContain("$4.99</strong>, once");
});

it("paying on the hosted page grants the rank card once (a replayed webhook too), then buying again answers 409 already_owned", async () => {
  // The session the first test opened (same ten-minute idempotency window): back to its English page.
  const { url } = (await readBody(await buy())) as { url: string };
  const paid = await fetch(url, { method: "POST", body: new URLSearchParams({ card_number: "4242 4242 4242 4242", card_expiry: "12/34", card_cvc: "123" }), redirect: "manual" });
  expect(paid.status).toBe(302);
  expect(paid.headers.get("location")).toBe("http://localhost:3000/en#rank-card");

  const sessionId = url.split("/").pop()!;
  const sent = stripe.state.events.filter((event) => event.payload.includes(sessionId));
  expect(sent.map((event) => [event.type, event.delivered])).toEqual([["checkout.session.completed", true]]);
  const [payment] = await (await getDb()).select().from(payments).where(eq(payments.externalId, sessionId));
  expect(payment).toMatchObject({ provider: "stripe", userId: buyer, product: "rank_card", amountCents: 499, currency: "usd", status: "paid", subscriptionId: null, guildId: null });
  expect((await purchases()).map((row) => [row.product, row.paymentId])).toEqual([["rank_card", payment!.id]]);

  const replay = await postStripeEvent(sent[0]!.payload, stripeSignature(sent[0]!.payload, FAKE_WEBHOOK_SECRET));
  expect(await replay.json()).toEqual({ received: true, applied: false });
  expect(await purchases()).toHaveLength(1);

  const again = await buy("fr");
  const body = (await readBody(again)) as Envelope;
  expect({ status: again.status, code: body.code, message: body.message }).toEqual({ status: 409, code: "already_owned", message: "Vous possédez déjà cet achat." });
});

it("records nothing for a session that is not paid (an event for an open session)", async () => {
  // Another buyer's open session: the event names it, Stripe's copy says unpaid. (On a shared
  // database another file may have sold Emre the card already: this one starts without it.)
  await (await getDb()).delete(userPurchases).where(eq(userPurchases.userId, USER_IDS.emre));
  const { url } = (await readBody(await buy("en", await signedInJar(harness, USER_IDS.emre)))) as { url: string };
  const session = stripe.state.sessions.get(url.split("/").pop()!)!;
  expect(session.status).toBe("open");
  const payload = JSON.stringify({ id: `evt_test${Date.now()}`, object: "event", type: "checkout.session.completed", data: { object: { id: session.id, object: "checkout.session" } }, created: 1 });
  const response = await postStripeEvent(payload, stripeSignature(payload, FAKE_WEBHOOK_SECRET));
  expect(await response.json()).toEqual({ received: true, applied: false });
  expect(await (await getDb()).select().from(payments).where(eq(payments.externalId, session.id))).toEqual([]);
});
