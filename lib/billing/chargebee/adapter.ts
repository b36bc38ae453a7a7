import "server-only";
import type { BillingProvider, ProviderSubscription, SubscriptionStatus } from "@/lib/billing/provider-contract";
import { ApiError } from "@/lib/http/api-error";
import { snowflake } from "@/lib/platform/snowflake";
import { callChargebee } from "./client";
import { isCustomBotPrice, planOfPrice } from "./item-prices";

// BillingProvider over Chargebee's subscriptions API. The guild and the buyer travel on the
// subscription as custom fields (cf_guild_id, cf_user_id), set by the checkout and moved by a
// transfer, so a webhook's re-read alone says which guild a subscription pays for.

type ChargebeeSubscription = {
  id: string;
  customer_id: string;
  status: string;
  current_term_end?: number;
  cancelled_at?: number;
  subscription_items?: Array<{ item_price_id: string; item_type: string }>;
  [field: string]: unknown;
};
type ChargebeeCard = { card_type?: string; last4?: string };
type Envelope = { subscription: ChargebeeSubscription; card?: ChargebeeCard };

const STATUSES: Record<string, SubscriptionStatus> = {
  future: "in_trial",
  in_trial: "in_trial",
  active: "active",
  non_renewing: "non_renewing",
  paused: "paused",
  cancelled: "cancelled",
  transferred: "cancelled",
};

/** The provider's subscription in the app's terms; refuses one this app did not sell (no plan or no guild). */
export function toProviderSubscription({ subscription, card }: Envelope): ProviderSubscription {
  const items = subscription.subscription_items ?? [];
  const plan = items.map((item) => planOfPrice(item.item_price_id)).find((found) => found !== null);
  const guildId = snowflake.safeParse(subscription.cf_guild_id);
  const userId = snowflake.safeParse(subscription.cf_user_id);
  const status = STATUSES[subscription.status];
  if (!plan || !guildId.success || !userId.success || !status) throw new ApiError(404, "billing_not_found", "This subscription was not sold by Guildhall.");
  const end = subscription.current_term_end ?? subscription.cancelled_at ?? Math.floor(Date.now() / 1000);
  return {
    provider: "chargebee",
    externalId: subscription.id,
    customerId: subscription.customer_id,
    guildId: guildId.data,
    userId: userId.data,
    plan: plan.plan,
    periodMonths: plan.periodMonths,
    status,
    currentPeriodEnd: new Date(end * 1000),
    cancelAtPeriodEnd: subscription.status === "non_renewing",
    paymentMethod: card?.card_type && card.last4 ? { brand: card.card_type, last4: card.last4 } : null,
    withCustomBot: items.some((item) => isCustomBotPrice(item.item_price_id)),
  };
}

const read = (envelope: unknown) => toProviderSubscription(envelope as Envelope);

function oneMonthAfter(seconds: number): number {
  const date = new Date(seconds * 1000);
  date.setUTCMonth(date.getUTCMonth() + 1);
  return Math.floor(date.getTime() / 1000);
}

export const chargebeeProvider: BillingProvider = {
  id: "chargebee",
  fetchSubscription: (id) => callChargebee(async (cb) => read(await cb.subscription.retrieve(id))),
  cancel: (id, { atPeriodEnd }) => callChargebee(async (cb) => read(await cb.subscription.cancelForItems(id, { end_of_term: atPeriodEnd }))),
  pause: (id) => callChargebee(async (cb) => read(await cb.subscription.pause(id, { pause_option: "immediately" }))),
  resume: (id) => callChargebee(async (cb) => read(await cb.subscription.resume(id, { resume_option: "immediately" }))),
  reactivate: (id) =>
    callChargebee(async (cb) => {
      const current = await cb.subscription.retrieve(id);
      return read(current.subscription.status === "non_renewing" ? await cb.subscription.removeScheduledCancellation(id) : await cb.subscription.reactivate(id));
    }),
  extend: (id) =>
    callChargebee(async (cb) => {
      const { subscription } = await cb.subscription.retrieve(id);
      if (!subscription.current_term_end) throw new ApiError(409, "billing_refused", "This subscription has no period to extend.");
      return read(await cb.subscription.changeTermEnd(id, { term_ends_at: oneMonthAfter(subscription.current_term_end) }));
    }),
  portalUrl: (customerId, returnUrl) => callChargebee(async (cb) => (await cb.portalSession.create({ customer: { id: customerId }, redirect_url: returnUrl })).portal_session.access_url),
  setGuild: (id, guildId) => callChargebee(async (cb) => read(await cb.subscription.updateForItems(id, { cf_guild_id: guildId } as Parameters<typeof cb.subscription.updateForItems>[1]))),
};
