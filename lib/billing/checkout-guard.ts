import "server-only";
import { inArray } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { subscriptions } from "@/lib/db/schema";
import type { Locale } from "@/lib/i18n/locales";
import { blockingPlan, type RunningPlan } from "./checkout-rule";
import { isSold } from "./entitlements";
import { isPlan } from "./plans";
import type { ProviderId } from "./provider-contract";
import { billingRefusal } from "./refusal";
import { givesBuffs } from "./subscriptions";

/** The plans each of `guildIds` pays for now (subscriptions giving their buffs). */
export async function runningPlans(db: Db, guildIds: readonly string[], now = new Date()): Promise<Map<string, RunningPlan[]>> {
  const running = new Map<string, RunningPlan[]>();
  if (guildIds.length === 0) return running;
  const rows = await db.select().from(subscriptions).where(inArray(subscriptions.guildId, [...guildIds]));
  for (const row of rows) {
    if (!isPlan(row.plan) || !givesBuffs(row, now)) continue;
    running.set(row.guildId, [...(running.get(row.guildId) ?? []), { plan: row.plan, provider: row.provider as ProviderId }]);
  }
  return running;
}

/**
 * Called by every checkout start: refuses a plan that is not sold (404 `offer_not_sold`: none of
 * what it unlocks is built, lib/billing/entitlements.ts) and one the guild already pays for
 * (409 `already_subscribed`).
 */
export async function assertCanStartCheckout(db: Db, request: { guildId: string; plan: RunningPlan["plan"]; provider: ProviderId; locale: Locale }): Promise<void> {
  if (!isSold(request.plan)) throw billingRefusal(404, "plan", "offer_not_sold", request.locale, { plan: request.plan });
  const blocking = blockingPlan((await runningPlans(db, [request.guildId])).get(request.guildId) ?? [], request.plan, request.provider);
  if (blocking) throw billingRefusal(409, "guild_id", "already_subscribed", request.locale, { plan: blocking.plan });
}
