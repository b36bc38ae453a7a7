import type Stripe from "stripe";
import { isPlan, PERIODS, type PeriodMonths } from "@/lib/billing/plans";
import type { ProviderSubscription, SubscriptionStatus } from "@/lib/billing/provider-contract";

// Stripe's subscription read as the app's ProviderSubscription. Who and what it pays for come
// from the metadata the checkout session wrote (guild_id, user_id, plan, period_months).

export class StripeMappingError extends Error {}

export function stripeStatus(sub: Pick<Stripe.Subscription, "status" | "pause_collection" | "cancel_at_period_end">): SubscriptionStatus {
  if (sub.status === "canceled" || sub.status === "incomplete_expired" || sub.status === "incomplete") return "cancelled";
  if (sub.status === "paused" || sub.pause_collection) return "paused";
  if (sub.status === "past_due" || sub.status === "unpaid") return "past_due";
  if (sub.cancel_at_period_end) return "non_renewing";
  return sub.status === "trialing" ? "in_trial" : "active";
}

export function toProviderSubscription(sub: Stripe.Subscription): ProviderSubscription {
  const { guild_id: guildId, user_id: userId, plan, period_months: months } = sub.metadata;
  const periodMonths = Number(months) as PeriodMonths;
  if (!guildId || !userId || !isPlan(plan) || !PERIODS.includes(periodMonths)) throw new StripeMappingError(`Stripe subscription ${sub.id} lacks Guildhall's metadata`);
  const method = typeof sub.default_payment_method === "object" ? sub.default_payment_method : null;
  const periodEnd = Math.max(...sub.items.data.map((item) => item.current_period_end));
  return {
    provider: "stripe",
    externalId: sub.id,
    customerId: typeof sub.customer === "string" ? sub.customer : sub.customer.id,
    guildId,
    userId,
    plan,
    periodMonths,
    status: stripeStatus(sub),
    currentPeriodEnd: new Date(periodEnd * 1000),
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    paymentMethod: method?.card ? { brand: method.card.brand, last4: method.card.last4 } : null,
    withCustomBot: sub.metadata.custom_bot === "true",
  };
}
