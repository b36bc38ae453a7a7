import "server-only";
import type { Db } from "@/lib/db/client";
import { giveawayEntries } from "@/lib/db/schema";
import { entriesFor, qualifies, type BonusEntry } from "./draw";

/**
 * A member entering a giveaway, as the bot records it when they react: refused (null) without
 * a required role, else stored with 1 entry plus the bonus of the roles they hold now. Entering
 * again recounts the bonus with the roles they hold then.
 */
export async function recordEntry(
  db: Db,
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
