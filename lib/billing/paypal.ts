import "server-only";
import { getEnv } from "@/lib/env";
import type { PeriodMonths, Plan } from "./plans";

// PayPal subscriptions are bought on PayPal's own page for a billing plan configured there
// (PAYPAL_PLAN_IDS maps each Guildhall plan and period to one). custom_id names the guild and
// the buyer (`{guild}:{user}`) so the subscription, once made, is tied back to them.

/** The PayPal subscription link for `plan` bought for `guildId` by `userId`; null when PayPal sells no such plan. */
export function paypalSubscribeUrl(plan: Plan, periodMonths: PeriodMonths, guildId: string, userId: string): string | null {
  const paypal = getEnv().paypal;
  const planId = paypal?.planIds[`${plan}_${periodMonths}`];
  if (!paypal || !planId) return null;
  const url = new URL("/webapps/billing/plans/subscribe", paypal.siteUrl);
  url.search = new URLSearchParams({ plan_id: planId, custom_id: `${guildId}:${userId}` }).toString();
  return url.toString();
}
