/** @jest-environment node */
// The fake speaks Stripe's API as the real SDK expects: bracketed form bodies, Bearer keys,
// Stripe's error envelope, Idempotency-Key replays, and signatures constructEvent accepts.
import Stripe from "stripe";
import { FAKE_SECRET_KEY, FAKE_WEBHOOK_SECRET } from "./credentials";
import { parseStripeForm } from "./form";
import { startStripeFake, type StripeFake } from "./server";

let fake: StripeFake;
const received: Array<{ payload: string; signature: string }> = [];
const sdk = (key = FAKE_SECRET_KEY) => new Stripe(key, { host: "127.0.0.1", port: new URL(fake.url).port, protocol: "http", maxNetworkRetries: 0 });

beforeAll(async () => {
  fake = await startStripeFake({ port: 0, webhook: async (payload, signature) => (received.push({ payload, signature }), 200) });
});
afterAll(() => fake.close());

it("reads bracketed keys into nested objects and lists", () => {
  expect(parseStripeForm("metadata[guild_id]=1&line_items[0][price]=p&line_items[0][quantity]=1&expand[]=a&expand[]=b")).toEqual({
    metadata: { guild_id: "1" },
    line_items: [{ price: "p", quantity: "1" }],
    expand: ["a", "b"],
  });
});

it("refuses a wrong key and an unknown object in Stripe's error shape", async () => {
  await expect(sdk("sk_test_wrong").products.list()).rejects.toMatchObject({ type: "StripeAuthenticationError", statusCode: 401 });
  await expect(sdk().subscriptions.retrieve("sub_missing")).rejects.toMatchObject({ type: "StripeInvalidRequestError", statusCode: 404, code: "resource_missing", param: "id" });
});

it("answers the same session to the same Idempotency-Key", async () => {
  const params = { mode: "subscription" as const, line_items: [{ price: "price_premium_1", quantity: 1 }], success_url: "http://app/ok", cancel_url: "http://app/no", metadata: { guild_id: "1" } };
  const first = await sdk().checkout.sessions.create(params, { idempotencyKey: "same" });
  const again = await sdk().checkout.sessions.create(params, { idempotencyKey: "same" });
  const other = await sdk().checkout.sessions.create(params, { idempotencyKey: "other" });
  expect(again.id).toBe(first.id);
  expect(other.id).not.toBe(first.id);
  expect(first).toMatchObject({ object: "checkout.session", mode: "subscription", status: "open", metadata: { guild_id: "1" }, amount_total: 1199 });
});

it("signs events so stripe.webhooks.constructEvent verifies them", async () => {
  const { id } = await sdk().customers.create({ email: "ada@example.com" });
  const session = await sdk().checkout.sessions.create({ mode: "subscription", customer: id, line_items: [{ price: "price_pro_12", quantity: 1 }], success_url: "http://app/ok", cancel_url: "http://app/no" });
  const paid = await fetch(session.url!, { method: "POST", body: new URLSearchParams({ card_number: "4242424242424242" }), redirect: "manual" });
  expect(paid.status).toBe(302);
  const types = received.map(({ payload, signature }) => sdk().webhooks.constructEvent(payload, signature, FAKE_WEBHOOK_SECRET).type);
  expect(types).toEqual(["checkout.session.completed", "customer.subscription.created", "invoice.paid"]);
  expect(() => sdk().webhooks.constructEvent(received[0]!.payload, received[0]!.signature, "whsec_other")).toThrow();
});

it("sells the rank card's one-time price in payment mode only, as Stripe refuses a price of the wrong type", async () => {
  const [price] = (await sdk().prices.list({ lookup_keys: ["rank_card"] })).data;
  expect(price).toMatchObject({ id: "price_rank_card", type: "one_time", recurring: null, unit_amount: 499 });
  const urls = { success_url: "http://app/ok", cancel_url: "http://app/no" };
  await expect(sdk().checkout.sessions.create({ mode: "subscription", line_items: [{ price: price!.id, quantity: 1 }], ...urls })).rejects.toMatchObject({ statusCode: 400, param: "line_items[0][price]" });
  await expect(sdk().checkout.sessions.create({ mode: "payment", line_items: [{ price: "price_premium_1", quantity: 1 }], ...urls })).rejects.toMatchObject({ statusCode: 400, param: "line_items[0][price]" });
  const session = await sdk().checkout.sessions.create({ mode: "payment", line_items: [{ price: price!.id, quantity: 1 }], ...urls });
  expect(session).toMatchObject({ mode: "payment", amount_total: 499, payment_intent: null, subscription: null });
  expect((await fetch(session.url!, { method: "POST", body: new URLSearchParams({ card_number: "4242424242424242" }), redirect: "manual" })).status).toBe(302);
  expect(await sdk().checkout.sessions.retrieve(session.id)).toMatchObject({ status: "complete", payment_status: "paid", payment_intent: expect.stringMatching(/^pi_/), subscription: null, customer: null });
});
