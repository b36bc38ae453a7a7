// The fake site's product catalogue: Chargebee item prices for the plans (monthly and yearly),
// the custom-bot add-on and the one-off rank card, shaped as GET /api/v2/item_prices answers
// them. Ids follow the app's naming (lib/billing/chargebee/item-prices.ts reads them back).

export type FakeItemPrice = {
  id: string;
  item_id: string;
  item_type: "plan" | "addon" | "charge";
  name: string;
  price: number;
  currency_code: string;
  period?: number;
  period_unit?: "month" | "year";
};

const PLAN_PRICES: Array<[string, string, number, number]> = [
  ["premium", "Premium", 1199, 8999],
  ["pro", "Pro", 2499, 19999],
  ["web3", "Web3", 1499, 11999],
  ["bundle", "Premium + Pro bundle", 2999, 23999],
  ["custom-bot", "Custom bot", 499, 3999],
];

export const FAKE_ITEM_PRICES: readonly FakeItemPrice[] = [
  ...PLAN_PRICES.flatMap(([item, name, monthly, yearly]): FakeItemPrice[] => {
    const itemType = item === "custom-bot" ? "addon" : "plan";
    return [
      { id: `${item}-USD-monthly`, item_id: item, item_type: itemType, name: `${name} monthly`, price: monthly, currency_code: "USD", period: 1, period_unit: "month" },
      { id: `${item}-USD-yearly`, item_id: item, item_type: itemType, name: `${name} yearly`, price: yearly, currency_code: "USD", period: 1, period_unit: "year" },
    ];
  }),
  { id: "rank-card-USD", item_id: "rank-card", item_type: "charge", name: "Custom rank card", price: 499, currency_code: "USD" },
];

/** The item price as the API answers it (status, pricing model, timestamps). */
export function itemPriceResource(price: FakeItemPrice, createdAt: number) {
  return {
    ...price,
    object: "item_price",
    status: "active",
    pricing_model: "flat_fee",
    external_name: price.name,
    is_taxable: true,
    created_at: createdAt,
    updated_at: createdAt,
    resource_version: createdAt * 1000,
  };
}
