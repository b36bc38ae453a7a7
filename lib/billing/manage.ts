import "server-only";
import { and, desc, eq, isNotNull } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { subscriptions } from "@/lib/db/schema";
import { ApiError } from "@/lib/http/api-error";
import type { Locale } from "@/lib/i18n/locales";
import { claimFreeMonth, freeMonthAvailable, freeMonthUsed, releaseFreeMonth } from "./free-month";
import type { BillingProvider, ProviderId, ProviderSubscription } from "./provider-contract";
import { billingProvider } from "./provider-adapters";
import { applyProviderSubscription, givesBuffs } from "./subscriptions";

// Managing a guild's subscription, whatever the provider: what it is now, what may be done to it,
// and doing it (the provider first, then its answer stored in one transaction). Any manager of the
// guild may do it (guildRoute checks that): the buyer who no longer manages the guild keeps the
// provider's portal through /api/users/@me/billing/session.

import type { SubscriptionAction as Action } from "./actions";

type Row = typeof subscriptions.$inferSelect;

/** What an owner may do in each state (none when the provider has no adapter, e.g. crypto). */
const ALLOWED: Record<string, readonly Action[]> = {
  active: ["cancel", "pause", "extend"],
  in_trial: ["cancel", "pause", "extend"],
  non_renewing: ["reactivate"],
  past_due: ["cancel"],
  paused: ["resume", "cancel"],
  cancelled: ["reactivate"],
};

/** The guild's subscription to show: one giving buffs first, else the newest. */
export async function guildSubscription(db: Db, guildId: string, now = new Date()): Promise<Row | null> {
  const rows = await db.select().from(subscriptions).where(eq(subscriptions.guildId, guildId)).orderBy(desc(subscriptions.updatedAt));
  return rows.find((row) => givesBuffs(row, now)) ?? rows[0] ?? null;
}

export function allowedActions(row: Row): Action[] {
  const provider = billingProvider(row.provider as ProviderId);
  if (!provider) return [];
  return (ALLOWED[row.status] ?? []).filter((action) => (provider.supports?.(action) ?? true) && (action !== "extend" || freeMonthAvailable(row)));
}

export function subscriptionView(row: Row | null, viewerId: string) {
  if (!row) return { subscription: null };
  const ending = row.status === "non_renewing" || row.cancelAtPeriodEnd || row.status === "cancelled";
  const renewing = row.status === "active" || row.status === "in_trial" || row.status === "past_due";
  return {
    subscription: {
      id: row.id,
      provider: row.provider,
      plan: row.plan,
      period_months: row.periodMonths,
      status: row.status,
      renews_at: renewing && !ending ? row.currentPeriodEnd.toISOString() : null,
      ends_at: ending ? row.currentPeriodEnd.toISOString() : null,
      payment_method: row.paymentMethod ?? null,
      bought_by_you: row.userId === viewerId,
      actions: allowedActions(row),
      portal: Boolean(row.customerId && billingProvider(row.provider as ProviderId)),
    },
  };
}

/** A provider call; its failure (down, refusing) answers 502 so nothing is stored. */
async function fromProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    console.warn("[billing] provider call failed", error);
    throw new ApiError(502, "billing_unavailable", "The payment provider is not answering right now. Please try again shortly.");
  }
}

function adapterOf(row: Row): BillingProvider {
  const provider = billingProvider(row.provider as ProviderId);
  if (!provider) throw new ApiError(409, "subscription_action_unavailable", "This subscription cannot be changed here.");
  return provider;
}

export async function runAction(db: Db, guildId: string, action: Action, actorId: string, locale: Locale): Promise<ReturnType<typeof subscriptionView>> {
  const row = await guildSubscription(db, guildId);
  if (!row) throw new ApiError(404, "subscription_not_found", "This server has no subscription.");
  if (action === "extend" && !freeMonthAvailable(row)) throw freeMonthUsed(locale);
  if (!allowedActions(row).includes(action)) throw new ApiError(409, "subscription_action_unavailable", "This subscription cannot be changed that way now.");
  const provider = adapterOf(row);
  if (action === "extend") return subscriptionView(await giveFreeMonth(db, row, provider, actorId, locale), actorId);
  const calls: Record<Exclude<Action, "extend">, () => Promise<ProviderSubscription>> = {
    cancel: () => provider.cancel(row.externalId, { atPeriodEnd: true }),
    pause: () => provider.pause(row.externalId),
    resume: () => provider.resume(row.externalId),
    reactivate: () => provider.reactivate(row.externalId),
  };
  const updated = await fromProvider(calls[action]);
  const stored = await db.transaction((tx) => applyProviderSubscription(tx, updated));
  return subscriptionView(stored, actorId);
}

/** The free month: claimed on the row first (once per subscription, lib/billing/free-month.ts), then asked of the provider, audited as the actor's. */
async function giveFreeMonth(db: Db, row: Row, provider: BillingProvider, actorId: string, locale: Locale): Promise<Row> {
  const claimedAt = new Date();
  await claimFreeMonth(db, row.id, claimedAt, locale);
  let updated: ProviderSubscription;
  try {
    updated = await fromProvider(() => provider.extend(row.externalId));
  } catch (error) {
    await releaseFreeMonth(db, row.id, claimedAt);
    throw error;
  }
  return db.transaction((tx) => applyProviderSubscription(tx, updated, claimedAt, { userId: actorId, event: "free_month" }));
}

/** The provider's portal for a customer, coming back to `returnUrl`. */
export async function portalFor(row: Row | null | undefined, returnUrl: string): Promise<{ url: string }> {
  if (!row?.customerId) throw new ApiError(404, "subscription_not_found", "There is no subscription to manage.");
  const provider = adapterOf(row);
  return { url: await fromProvider(() => provider.portalUrl(row.customerId!, returnUrl)) };
}

/** The user's newest subscription at a provider with a portal. */
export async function userPortalSubscription(db: Db, userId: string): Promise<Row | undefined> {
  const rows = await db.select().from(subscriptions).where(and(eq(subscriptions.userId, userId), isNotNull(subscriptions.customerId))).orderBy(desc(subscriptions.updatedAt));
  return rows.find((row) => billingProvider(row.provider as ProviderId));
}
