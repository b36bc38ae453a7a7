import type { NewNotification } from "./kinds";

type SubscriptionState = { userId: string; guildId: string; plan: string; status: string; currentPeriodEnd: Date };

/**
 * What the buyer hears when a provider reports their subscription again (lib/billing/subscriptions.ts):
 * renewed when its period moved on while it stays active, payment failed when it fell past due.
 * Nothing for a first report (a checkout), a move to another guild, or the owner's own change
 * (a cancel, a free month: `ownChange`).
 */
export function billingNotice(previous: SubscriptionState | undefined, now: SubscriptionState, ownChange: boolean): NewNotification | null {
  if (!previous || ownChange || previous.guildId !== now.guildId) return null;
  const base = { userId: now.userId, guildId: now.guildId };
  if (now.status === "past_due" && previous.status !== "past_due") return { ...base, kind: "subscription_payment_failed", params: { plan: now.plan } };
  const renewed = now.status === "active" && now.currentPeriodEnd.getTime() > previous.currentPeriodEnd.getTime();
  if (renewed) return { ...base, kind: "subscription_renewed", params: { plan: now.plan, until: now.currentPeriodEnd.toISOString() } };
  return null;
}
