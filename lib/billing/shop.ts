import "server-only";
import { ApiError } from "@/lib/http/api-error";
import type { Locale } from "@/lib/i18n/locales";
import { catalogue, type CatalogueEntry } from "./chargebee/catalogue";
import { CUSTOM_BOT_ITEM, RANK_CARD_ITEM } from "./chargebee/item-prices";
import { isSold } from "./entitlements";
import type { Plan } from "./plans";
import { billingRefusal } from "./refusal";

// The shop's offers (spec 1, 7: GET /api/shop/{offer}) with the prices the billing provider
// charges, read from its catalogue. Public: anyone may see what Premium costs. An offer whose plan
// unlocks nothing built yet is not sold (lib/billing/entitlements.ts): the shop answers 404 for it
// and the premium page leaves it out.

export const OFFERS = ["premium", "pro", "web3", "mee6-bundle", "rank-card"] as const;
export type Offer = (typeof OFFERS)[number];

type PlanOffer = Exclude<Offer, "rank-card">;
const OFFER_PLANS: Record<PlanOffer, Plan> = { premium: "premium", pro: "pro", web3: "web3", "mee6-bundle": "bundle" };
const planSold = (offer: PlanOffer) => isSold(OFFER_PLANS[offer]);

/** Refuses an offer the shop does not sell (404 `offer_not_sold`, worded in `locale`): a plan none of whose unlocks is built. The rank card is always sold. */
export function assertOfferSold(offer: Offer, locale: Locale): void {
  if (offer !== "rank-card" && !planSold(offer)) throw billingRefusal(404, "offer", "offer_not_sold", locale, { plan: OFFER_PLANS[offer] });
}

/** The custom bot is offered with the plans that run the bot for a guild's members. */
const WITH_CUSTOM_BOT: readonly Offer[] = ["premium", "mee6-bundle"];

export type ShopPrice = { item_price_id: string; period_months: number | null; amount: number; currency: string };
export type ShopOffer = {
  offer: Offer;
  plan: Plan | null;
  prices: ShopPrice[];
  addons: Array<{ id: string; prices: ShopPrice[] }>;
  /** True when the provider could not be reached and the last prices read are shown. */
  stale: boolean;
};

const price = (entry: CatalogueEntry): ShopPrice => ({ item_price_id: entry.id, period_months: entry.periodMonths, amount: entry.amount, currency: entry.currency });
const byPeriod = (a: ShopPrice, b: ShopPrice) => (a.period_months ?? 0) - (b.period_months ?? 0);

export async function shopOffer(offer: Offer): Promise<ShopOffer> {
  const { entries, stale } = await catalogue();
  const of = (itemId: string) => entries.filter((entry) => entry.itemId === itemId).map(price).sort(byPeriod);
  if (offer === "rank-card") return { offer, plan: null, prices: of(RANK_CARD_ITEM), addons: [], stale };
  const plan = OFFER_PLANS[offer];
  const addons = WITH_CUSTOM_BOT.includes(offer) ? [{ id: CUSTOM_BOT_ITEM, prices: of(CUSTOM_BOT_ITEM) }] : [];
  return { offer, plan, prices: of(plan), addons, stale };
}

/** What the premium page shows: every sold plan's offer, or null when no price can be read. */
export async function shopPlans(): Promise<ShopOffer[] | null> {
  try {
    return await Promise.all((["premium", "pro", "web3", "mee6-bundle"] as const).filter(planSold).map(shopOffer));
  } catch (error) {
    if (error instanceof ApiError) return null;
    throw error;
  }
}
