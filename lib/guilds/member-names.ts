import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "@/lib/db/client";
import { memberLevels } from "@/lib/db/schema";
import { getGuildMember } from "@/lib/platform/bot-api";

// Names for short member lists (richest members, upcoming birthdays). The name the bot stored
// for Levels comes first: it costs one indexed read for the whole list. Only members Levels has
// not seen are asked of the platform, through its member cache (a minute per member), so a
// list of at most a few dozen rows never turns into a burst of platform calls on every view.

/** Lists naming members through the platform cache stop at this many rows. */
export const MAX_NAMED_LIST = 50;

export type MemberName = { name: string; avatar: string | null };

/** Display names of the members (nickname, then global name, then username); members who left are absent. */
export async function memberNames(db: Db | Tx, guildId: string, userIds: readonly string[]): Promise<Map<string, MemberName>> {
  const ids = [...new Set(userIds)].slice(0, MAX_NAMED_LIST);
  const names = new Map<string, MemberName>();
  if (ids.length === 0) return names;
  const stored = await db
    .select({ userId: memberLevels.userId, name: memberLevels.displayName, avatar: memberLevels.avatar })
    .from(memberLevels)
    .where(and(eq(memberLevels.guildId, guildId), inArray(memberLevels.userId, ids)));
  for (const row of stored) names.set(row.userId, { name: row.name, avatar: row.avatar });
  const unknown = ids.filter((id) => !names.has(id));
  const members = await Promise.all(unknown.map((id) => getGuildMember(guildId, id).catch(() => null)));
  for (const member of members) {
    if (member?.user) names.set(member.user.id, { name: member.nick || member.user.global_name || member.user.username, avatar: member.user.avatar });
  }
  return names;
}
