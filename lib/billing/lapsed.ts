import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { subscriptions } from "@/lib/db/schema";
import { premiumUse } from "@/lib/plugins/rules";
import type { PluginDefinition } from "@/lib/plugins/types";
import { planEntitlements } from "./entitlements";
import { isPlan } from "./plans";
import { givesBuffs } from "./subscriptions";

// When Premium ends, the guild's premium-only settings keep their values and stop applying
// (lib/billing/subscriptions.ts); its plugin pages say since when, from its subscriptions.

const grantsPremium = (plan: string) => isPlan(plan) && planEntitlements(plan).includes("premium");

/**
 * When the guild's premium subscription ended, the latest one if several did; null when none
 * did (never bought, or one still gives Premium). A cancelled or paused one ended when it was
 * stopped if that came before its period's end; one not renewed ended with its period.
 */
export async function premiumEndedAt(db: Db, guildId: string, now = new Date()): Promise<Date | null> {
  const rows = (await db.select().from(subscriptions).where(eq(subscriptions.guildId, guildId))).filter((row) => grantsPremium(row.plan));
  if (rows.length === 0 || rows.some((row) => givesBuffs(row, now))) return null;
  const ends = rows.map((row) => (row.status === "cancelled" || row.status === "paused" ? Math.min(row.currentPeriodEnd.getTime(), row.updatedAt.getTime()) : row.currentPeriodEnd.getTime()));
  return new Date(Math.max(...ends));
}

/** A collection's first page as the page lists it, with the count of all its items and the most the guild may keep now. */
export type ListedCollection = { collection: string; items: ReadonlyArray<{ data: Record<string, unknown> }>; total: number; max: number };

/** Whether a plugin's stored settings use Premium: a premium plugin switched on, a premium-only value, a size, or a list past the guild's limit. */
export function usesPremium(plugin: PluginDefinition, state: { enabled: boolean; config: Record<string, unknown> }, lists: readonly ListedCollection[]): boolean {
  if (plugin.premium) return state.enabled;
  if (premiumUse(plugin, plugin.configSchema, state.config)) return true;
  return lists.some((list) => {
    const definition = plugin.collections[list.collection];
    return definition !== undefined && (list.total > list.max || list.items.some((item) => premiumUse(plugin, definition.itemSchema, item.data) !== null));
  });
}
