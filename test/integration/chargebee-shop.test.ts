/** @jest-environment node */
// GET /api/shop/{offer}: public, with the prices Chargebee's item prices hold, read once for a
// few minutes however many ask; Chargebee down: the last prices read, else 503 billing_unavailable.
import { GET as shop } from "@/app/api/shop/[offer]/route";
import { FAKE_ITEM_PRICES } from "@/emulators/chargebee/catalog";
import { CATALOGUE_TTL_MS, resetCatalogueForTests } from "@/lib/billing/chargebee/catalogue";
import { readBody } from "@/test/api";
import { startChargebeeHarness, type ChargebeeHarness } from "@/test/chargebee-harness";
import { call } from "@/test/route-client";

let harness: ChargebeeHarness;

beforeAll(async () => {
  harness = await startChargebeeHarness();
});
afterAll(() => harness.stop());
beforeEach(() => resetCatalogueForTests());

const get = (offer: string) => call(shop, `/api/shop/${offer}`, { params: { offer } });
const listCalls = () => harness.fake.calls.filter((line) => line.startsWith("GET /item_prices")).length;
const priceOf = (id: string) => FAKE_ITEM_PRICES.find((price) => price.id === id)!.price;

it("answers each offer to anyone, with the provider's prices per period", async () => {
  const premium = await get("premium");
  expect(premium.status).toBe(200);
  expect(await premium.json()).toEqual({
    offer: "premium",
    plan: "premium",
    stale: false,
    prices: [
      { item_price_id: "premium-USD-monthly", period_months: 1, amount: priceOf("premium-USD-monthly"), currency: "USD" },
      { item_price_id: "premium-USD-yearly", period_months: 12, amount: priceOf("premium-USD-yearly"), currency: "USD" },
    ],
    addons: [
      {
        id: "custom-bot",
        prices: [
          { item_price_id: "custom-bot-USD-monthly", period_months: 1, amount: priceOf("custom-bot-USD-monthly"), currency: "USD" },
          { item_price_id: "custom-bot-USD-yearly", period_months: 12, amount: priceOf("custom-bot-USD-yearly"), currency: "USD" },
        ],
      },
    ],
  });
  const bundle = (await (await get("mee6-bundle")).json()) as { plan: string; prices: Array<{ item_price_id: string }> };
  expect([bundle.plan, bundle.prices.map((price) => price.item_price_id)]).toEqual(["bundle", ["bundle-USD-monthly", "bundle-USD-yearly"]]);
  expect(((await (await get("pro")).json()) as { addons: unknown[] }).addons).toEqual([]);
  expect(((await (await get("rank-card")).json()) as { prices: unknown }).prices).toEqual([{ item_price_id: "rank-card-USD", period_months: null, amount: priceOf("rank-card-USD"), currency: "USD" }]);
  expect((await get("gold")).status).toBe(400);
});

it("answers 404 offer_not_sold, in the caller's language, for Web3: nothing it unlocks is built yet, so Chargebee is not asked", async () => {
  const before = listCalls();
  const web3 = await get("web3");
  expect(await readBody(web3)).toEqual({
    code: "offer_not_sold",
    status_code: 404,
    message: "Web3 is not for sale: nothing it would unlock works yet.",
    error: { message: "Web3 is not for sale: nothing it would unlock works yet." },
    fields: [{ path: "offer", code: "offer_not_sold", params: { plan: "web3" }, message: "Web3 is not for sale: nothing it would unlock works yet." }],
  });
  const german = await call(shop, "/api/shop/web3", { params: { offer: "web3" }, headers: { "x-guildhall-locale": "de" } });
  expect({ status: german.status, message: ((await readBody(german)) as { message: string }).message }).toEqual({ status: 404, message: "Web3 wird nicht verkauft: Nichts, was es freischalten würde, funktioniert bisher." });
  expect(listCalls()).toBe(before);
});

it("reads the catalogue once for concurrent visitors and again only after a few minutes", async () => {
  const before = listCalls();
  const answers = await Promise.all(["premium", "pro", "mee6-bundle", "rank-card", "pro", "premium"].map(get));
  expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
  expect(listCalls() - before).toBe(1);
  await get("pro");
  expect(listCalls() - before).toBe(1);
  resetCatalogueForTests(CATALOGUE_TTL_MS + 1);
  await get("pro");
  expect(listCalls() - before).toBe(2);
});

it("shows the last prices read while Chargebee is down, and a clear 503 when it has none", async () => {
  const fresh = await (await get("pro")).json();
  resetCatalogueForTests(CATALOGUE_TTL_MS + 1);
  harness.fake.setDown(true);
  try {
    expect(await (await get("pro")).json()).toEqual({ ...fresh, stale: true });
    resetCatalogueForTests();
    const down = await get("pro");
    expect(down.status).toBe(503);
    expect(await readBody(down)).toMatchObject({ code: "billing_unavailable", status_code: 503 });
    // Asked again only after a pause: the other offers answer 503 at once.
    const calls = listCalls();
    expect((await Promise.all(["premium", "mee6-bundle"].map(get))).map((answer) => answer.status)).toEqual([503, 503]);
    expect(listCalls()).toBe(calls);
  } finally {
    harness.fake.setDown(false);
  }
});
