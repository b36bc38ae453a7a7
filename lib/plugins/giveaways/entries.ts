import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db, Tx } from "@/lib/db/client";
import { giveawayEntries, giveawayRuns } from "@/lib/db/schema";
import { getItem } from "../items";
import { giveaways } from "./definition";
import { entriesFor, qualifies, type BonusEntry } from "./draw";

/**
 * A member entering a giveaway, as the bot records it when they react: refused (null) without
 * a required role, else stored with 1 entry plus the bonus of the roles they hold now. Entering
 * again recounts the bonus with the roles they hold then.
 */
export async function recordEntry(
  db: Db | Tx,
  giveaway: { guildId: string; id: string; required_role_ids: readonly string[]; bonus_entries: readonly BonusEntry[] },
  member: { userId: string; roleIds: readonly string[] },
): Promise<number | null> {
  if (!qualifies(member.roleIds, giveaway.required_role_ids)) return null;
  const entries = entriesFor(member.roleIds, giveaway.bonus_entries);
  await db
    .insert(giveawayEntries)
    .values({ guildId: giveaway.guildId, giveawayId: giveaway.id, userId: member.userId, entries })
    .onConflictDoUpdate({ target: [giveawayEntries.giveawayId, giveawayEntries.userId], set: { entries } });
  return entries;
}

const bonusEntries = giveaways.collections.giveaways.itemSchema.shape.bonus_entries.catch([]);

/**
 * An entry the bot reports (POST /api/bot/v1/events): only a running giveaway of this guild takes
 * it, checked against the roles it was started with. The run is share-locked until the entry
 * commits, so no entry is stored once an End or a Cancel has changed its status.
 */
export async function enterRunningGiveaway(tx: Tx, guildId: string, giveawayId: string, member: { userId: string; roleIds: readonly string[] }): Promise<number | null | "not_running"> {
  const [run] = await tx
    .select()
    .from(giveawayRuns)
    .where(and(eq(giveawayRuns.guildId, guildId), eq(giveawayRuns.giveawayId, giveawayId)))
    .for("share");
  if (run?.status !== "running") return "not_running";
  const item = await getItem(tx, { guildId, pluginId: giveaways.id, collection: "giveaways" }, giveawayId);
  return recordEntry(tx, { guildId, id: giveawayId, required_role_ids: run.requiredRoleIds, bonus_entries: bonusEntries.parse(item.data.bonus_entries) }, member);
}
