import { PERIODS, PLANS, USD_CENTS } from "../../lib/billing/plans";

// The fake's product catalogue: one product per plan, one recurring USD price per period,
// found by lookup key `{plan}_{months}` (what the app asks for at checkout), and the one-off
// rank card (lookup key `rank_card`, a one_time price: `months` 0) and a guild's pack of credits (`credit_pack`, one_time too).

export type FakePrice = { id: string; product: string; lookupKey: string; unitAmount: number; months: number; plan: string; currency?: string; account?: string | null; metadata?: Record<string, string> };
export type FakeProduct = { id: string; name: string; plan: string };

export const PRODUCTS: FakeProduct[] = [
  ...PLANS.map((plan) => ({ id: `prod_${plan}`, name: `Guildhall ${plan[0]!.toUpperCase()}${plan.slice(1)}`, plan })),
  { id: "prod_rank_card", name: "Custom rank card", plan: "rank_card" },
  { id: "prod_credit_pack", name: "100 credits", plan: "credit_pack" },
];

export const PRICES: FakePrice[] = [
  ...PLANS.flatMap((plan) =>
    PERIODS.map((months) => ({ id: `price_${plan}_${months}`, product: `prod_${plan}`, lookupKey: `${plan}_${months}`, unitAmount: USD_CENTS[plan][months], months, plan })),
  ),
  { id: "price_rank_card", product: "prod_rank_card", lookupKey: "rank_card", unitAmount: 499, months: 0, plan: "rank_card" },
  { id: "price_credit_pack", product: "prod_credit_pack", lookupKey: "credit_pack", unitAmount: 500, months: 0, plan: "credit_pack" },
];

export function isOneTime(price: FakePrice): boolean {
  return price.months === 0;
}

export function productJson(product: FakeProduct) {
  return { id: product.id, object: "product", active: true, name: product.name, metadata: { plan: product.plan }, livemode: false, created: 1767225600 };
}

export function priceJson(price: FakePrice) {
  if (isOneTime(price)) {
    return { id: price.id, object: "price", active: true, currency: price.currency ?? "usd", lookup_key: price.lookupKey, metadata: { product: price.plan }, product: price.product, recurring: null, type: "one_time", unit_amount: price.unitAmount, livemode: false, created: 1767225600 };
  }
  const recurring = price.months === 12 ? { interval: "year", interval_count: 1 } : { interval: "month", interval_count: price.months };
  return {
    id: price.id,
    object: "price",
    active: true,
    currency: price.currency ?? "usd",
    lookup_key: price.lookupKey || null,
    metadata: price.metadata ?? { plan: price.plan, period_months: String(price.months) },
    product: price.product,
    recurring: { ...recurring, usage_type: "licensed" },
    type: "recurring",
    unit_amount: price.unitAmount,
    livemode: false,
    created: 1767225600,
  };
}
