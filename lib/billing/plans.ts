// The paid offers (spec 1): premium, pro and web3 plans, the bundle of premium and pro, the
// custom-bot add-on and the one-off rank card. What each plan turns on in a guild is its buffs
// (what they unlock: lib/billing/entitlements.ts);
// prices come from the billing provider's catalogue (listed by the shop, cached), and the USD
// amounts here are what a crypto payment must cover (no provider prices crypto). Pure.

export const PLANS = ["premium", "pro", "web3", "bundle"] as const;
export type Plan = (typeof PLANS)[number];

export const PERIODS = [1, 12] as const;
export type PeriodMonths = (typeof PERIODS)[number];

/** The guild buffs each plan grants while it is paid for (lib/guilds/premium.ts reads them). */
export const PLAN_BUFFS: Readonly<Record<Plan, readonly string[]>> = {
  premium: ["premium"],
  pro: ["pro"],
  web3: ["web3"],
  bundle: ["premium", "pro"],
};

/** The buff a subscription's custom-bot add-on gives (lib/billing/entitlements.ts says what it unlocks). */
export const CUSTOM_BOT_BUFF = "custom-bot";

/** Buffs that only subscriptions give: recomputed from them, never kept by hand (premium-gift, premium-discord stay). */
export const SUBSCRIPTION_BUFFS: readonly string[] = [...new Set([...Object.values(PLAN_BUFFS).flat(), CUSTOM_BOT_BUFF])];

/** USD cents a crypto payment must cover, per plan and period. */
export const USD_CENTS: Readonly<Record<Plan, Readonly<Record<PeriodMonths, number>>>> = {
  premium: { 1: 1199, 12: 8999 },
  pro: { 1: 2499, 12: 19999 },
  web3: { 1: 1499, 12: 11999 },
  bundle: { 1: 2999, 12: 23999 },
};

export function isPlan(value: unknown): value is Plan {
  return (PLANS as readonly unknown[]).includes(value);
}
