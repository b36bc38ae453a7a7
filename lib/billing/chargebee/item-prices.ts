import { PERIODS, PLANS, type PeriodMonths, type Plan } from "@/lib/billing/plans";

// How the Chargebee site's catalogue is named: one item per offer, one item price per currency
// and period (`premium-USD-monthly`, `custom-bot-USD-yearly`, `rank-card-USD`). The live and
// test sites must use these ids; the fake does (emulators/chargebee/catalog.ts). Pure.

export const CURRENCY = "USD";
export const CUSTOM_BOT_ITEM = "custom-bot";
export const RANK_CARD_ITEM = "rank-card";

const periodName = (months: PeriodMonths) => (months === 12 ? "yearly" : "monthly");

export function planPriceId(plan: Plan, months: PeriodMonths): string {
  return `${plan}-${CURRENCY}-${periodName(months)}`;
}

export function customBotPriceId(months: PeriodMonths): string {
  return `${CUSTOM_BOT_ITEM}-${CURRENCY}-${periodName(months)}`;
}

/** The plan and period an item price id names, or null for add-ons, charges and unknown ids. */
export function planOfPrice(itemPriceId: string): { plan: Plan; periodMonths: PeriodMonths } | null {
  for (const plan of PLANS) for (const months of PERIODS) if (planPriceId(plan, months) === itemPriceId) return { plan, periodMonths: months };
  return null;
}

export function isCustomBotPrice(itemPriceId: string): boolean {
  return PERIODS.some((months) => customBotPriceId(months) === itemPriceId);
}
