/** @jest-environment node */
// The Chargebee fake speaks API v2 well enough for the real `chargebee` SDK: envelopes, errors,
// form-encoded creates, idempotency keys, the hosted page paid with the test card, and the
// adapter's operations on the subscription it creates.
import Chargebee from "chargebee";
import { chargebeeProvider } from "@/lib/billing/chargebee/adapter";
import { chargebee } from "@/lib/billing/chargebee/client";
import { startChargebeeHarness, type ChargebeeHarness } from "@/test/chargebee-harness";

const GUILD = "700000000000000123";
const USER = "100000000000000456";
let harness: ChargebeeHarness;

beforeAll(async () => {
  harness = await startChargebeeHarness();
  harness.fake.setWebhook(undefined);
});
afterAll(() => harness.stop());

async function paidSubscriptionId(items = [{ item_price_id: "premium-USD-monthly" }]): Promise<string> {
  const { hosted_page } = await chargebee().hostedPage.checkoutNewForItems({
    subscription_items: items,
    subscription: { cf_guild_id: GUILD, cf_user_id: USER } as object,
    customer: { id: USER },
    redirect_url: "http://localhost:3000/en/premium/return",
    pass_thru_content: JSON.stringify({ guild_id: GUILD, user_id: USER }),
  });
  const paid = await fetch(hosted_page.url!, { method: "POST", body: new URLSearchParams({ number: "4111 1111 1111 1111", expiry: "12/30", cvc: "123" }), redirect: "manual" });
  expect(paid.status).toBe(302);
  const back = new URL(paid.headers.get("location")!);
  expect([back.pathname, back.searchParams.get("id"), back.searchParams.get("state")]).toEqual(["/en/premium/return", hosted_page.id, "succeeded"]);
  const { hosted_page: after } = await chargebee().hostedPage.retrieve(hosted_page.id!);
  expect(after.state).toBe("succeeded");
  return (after.content as { subscription: { id: string } }).subscription.id;
}

it("lists the item prices in Chargebee's list envelope, page by page", async () => {
  const first = await chargebee().itemPrice.list({ limit: 5 });
  expect(first.list).toHaveLength(5);
  expect(first.next_offset).toBe("5");
  const plans = await chargebee().itemPrice.list({ limit: 100, item_type: { is: "plan" } });
  expect(plans.list.map(({ item_price }) => item_price.id).sort()).toEqual(["bundle", "premium", "pro", "web3"].flatMap((plan) => [`${plan}-USD-monthly`, `${plan}-USD-yearly`]).sort());
  expect(harness.fake.calls).toContain("GET /item_prices");
});

it("refuses a wrong API key with Chargebee's error shape", async () => {
  const stranger = new Chargebee({ site: "127.0.0.1", apiKey: "wrong", hostSuffix: "", protocol: "http", port: Number(new URL(harness.fake.url).port) });
  await expect(stranger.itemPrice.list({ limit: 1 })).rejects.toMatchObject({ http_status_code: 401, api_error_code: "api_authentication_failed" });
});

it("answers an unknown resource with 404 resource_not_found and a bad create with 400 and its param", async () => {
  await expect(chargebee().subscription.retrieve("sub_missing")).rejects.toMatchObject({ http_status_code: 404, api_error_code: "resource_not_found" });
  await expect(chargebee().hostedPage.checkoutNewForItems({ subscription_items: [{ item_price_id: "nope" }] })).rejects.toMatchObject({ http_status_code: 400, param: "subscription_items[item_price_id][0]" });
});

it("answers a repeated create with the same idempotency key with the first page, marked replayed", async () => {
  const params = { subscription_items: [{ item_price_id: "pro-USD-yearly" }] };
  const first = await chargebee().hostedPage.checkoutNewForItems(params, { "chargebee-idempotency-key": "same-key" });
  const again = await chargebee().hostedPage.checkoutNewForItems(params, { "chargebee-idempotency-key": "same-key" });
  const other = await chargebee().hostedPage.checkoutNewForItems(params, { "chargebee-idempotency-key": "other-key" });
  expect(again.hosted_page.id).toBe(first.hosted_page.id);
  expect(again.isIdempotencyReplayed).toBe("true");
  expect(other.hosted_page.id).not.toBe(first.hosted_page.id);
});

it("declines the decline test card on the hosted page and leaves the page unpaid", async () => {
  const { hosted_page } = await chargebee().hostedPage.checkoutNewForItems({ subscription_items: [{ item_price_id: "premium-USD-monthly" }] });
  const page = await fetch(hosted_page.url!);
  expect(await page.text()).toContain("4111 1111 1111 1111");
  const declined = await fetch(hosted_page.url!, { method: "POST", body: new URLSearchParams({ number: "4000000000000002", expiry: "12/30", cvc: "123" }), redirect: "manual" });
  expect(declined.status).toBe(402);
  expect(await declined.text()).toContain("Your card was declined.");
  expect((await chargebee().hostedPage.retrieve(hosted_page.id!)).hosted_page.state).toBe("requested");
});

it("reads the paid subscription through the adapter, then cancels, reactivates, pauses, resumes, extends and moves it", async () => {
  const id = await paidSubscriptionId([{ item_price_id: "bundle-USD-yearly" }, { item_price_id: "custom-bot-USD-yearly" }]);
  const bought = await chargebeeProvider.fetchSubscription(id);
  expect(bought).toMatchObject({ provider: "chargebee", externalId: id, customerId: USER, guildId: GUILD, userId: USER, plan: "bundle", periodMonths: 12, status: "active", cancelAtPeriodEnd: false, paymentMethod: { brand: "visa", last4: "1111" }, withCustomBot: true });
  expect(bought.currentPeriodEnd.getTime()).toBeGreaterThan(Date.now() + 360 * 86_400_000);

  expect(await chargebeeProvider.cancel(id, { atPeriodEnd: true })).toMatchObject({ status: "non_renewing", cancelAtPeriodEnd: true });
  expect(await chargebeeProvider.reactivate(id)).toMatchObject({ status: "active", cancelAtPeriodEnd: false });
  expect(await chargebeeProvider.pause(id)).toMatchObject({ status: "paused" });
  expect(await chargebeeProvider.resume(id)).toMatchObject({ status: "active" });
  const extended = await chargebeeProvider.extend(id);
  const expected = new Date(bought.currentPeriodEnd);
  expected.setUTCMonth(expected.getUTCMonth() + 1);
  expect(extended.currentPeriodEnd.toISOString()).toBe(expected.toISOString());
  expect(await chargebeeProvider.setGuild(id, "700000000000000999")).toMatchObject({ guildId: "700000000000000999" });
  expect(await chargebeeProvider.cancel(id, { atPeriodEnd: false })).toMatchObject({ status: "cancelled" });
  await expect(chargebeeProvider.pause(id)).rejects.toMatchObject({ status: 409, code: "billing_refused" });
  expect(await chargebeeProvider.reactivate(id)).toMatchObject({ status: "active" });

  const customer = await chargebee().customer.retrieve(USER);
  expect([customer.customer.id, customer.card?.last4, customer.customer.payment_method?.type]).toEqual([USER, "1111", "card"]);
  const portal = await chargebeeProvider.portalUrl(USER, "http://localhost:3000/en/dashboard");
  expect((await fetch(portal)).status).toBe(200);
  const { list } = await chargebee().event.list({ limit: 20 });
  expect(list.map(({ event }) => event.event_type)).toEqual(
    expect.arrayContaining(["subscription_cancellation_scheduled", "subscription_scheduled_cancellation_removed", "subscription_paused", "subscription_resumed", "subscription_changed", "subscription_cancelled", "subscription_reactivated"]),
  );
});

it("answers 503 billing_unavailable while Chargebee is down", async () => {
  harness.fake.setDown(true);
  try {
    await expect(chargebeeProvider.fetchSubscription("sub_any")).rejects.toMatchObject({ status: 503, code: "billing_unavailable" });
  } finally {
    harness.fake.setDown(false);
  }
});
