import "server-only";
import { and, desc, eq, gt, inArray, isNull } from "drizzle-orm";
import type { APIGuildMember } from "discord-api-types/v10";
import type { Db } from "@/lib/db/client";
import { moderationCases } from "@/lib/db/schema";
import { getGuildMember } from "@/lib/platform/bot-api";
import { cachedBans, getBan } from "@/lib/platform/moderation-api";
import { caseView, type CaseRow, type CaseView } from "./cases";

// Who is muted and who is banned now, as the platform says, each with the case that did it.
// The platform lists bans (paged by user id); it cannot list timed-out members, so the mutes
// list asks it about every member our cases timed out (or gave the mute role) whose timeout
// has not run out, and keeps those still muted.

export const BANS_PAGE = 50;
/** At most this many recent timeouts are checked with the platform per mutes list. */
const MUTE_CANDIDATES = 100;

export type BanEntry = { user: { id: string; name: string; avatar: string | null }; reason: string | null; case: CaseView | null };
export type MuteEntry = { user: { id: string; name: string; avatar: string | null }; until: string | null; by_role: boolean; case: CaseView | null };

const userOf = (user: { id: string; username: string; global_name?: string | null; avatar: string | null }) => ({ id: user.id, name: user.global_name || user.username, avatar: user.avatar });

/** The latest case of each type for these targets (the ban or timeout a list entry shows). */
async function latestCases(db: Db, guildId: string, type: string, targetIds: readonly string[]): Promise<Map<string, CaseRow>> {
  if (targetIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(moderationCases)
    .where(and(eq(moderationCases.guildId, guildId), eq(moderationCases.type, type), inArray(moderationCases.targetId, [...targetIds]), isNull(moderationCases.deletedAt)))
    .orderBy(desc(moderationCases.number));
  const latest = new Map<string, CaseRow>();
  for (const row of rows) if (!latest.has(row.targetId)) latest.set(row.targetId, row);
  return latest;
}

/** A page of the guild's bans (after `cursor`, a user id), or the one ban of `userId`. */
export async function listBanEntries(db: Db, guildId: string, query: { userId?: string; cursor?: string }): Promise<{ bans: BanEntry[]; next_cursor: string | null; stale: boolean }> {
  if (query.userId) {
    const ban = await getBan(guildId, query.userId);
    const cases = await latestCases(db, guildId, "ban", ban ? [query.userId] : []);
    return { bans: ban ? [{ user: userOf(ban.user), reason: ban.reason, case: cases.has(query.userId) ? caseView(cases.get(query.userId)!) : null }] : [], next_cursor: null, stale: false };
  }
  const page = await cachedBans(guildId, { limit: BANS_PAGE, ...(query.cursor ? { after: query.cursor } : {}) });
  const cases = await latestCases(db, guildId, "ban", page.value.map((ban) => ban.user.id));
  const bans = page.value.map((ban) => ({ user: userOf(ban.user), reason: ban.reason, case: cases.has(ban.user.id) ? caseView(cases.get(ban.user.id)!) : null }));
  return { bans, next_cursor: page.value.length === BANS_PAGE ? page.value.at(-1)!.user.id : null, stale: page.stale };
}

const mutedNow = (member: APIGuildMember | null, muteRoleId: string | null, now: number): { until: string | null; byRole: boolean } | null => {
  if (!member) return null;
  const until = member.communication_disabled_until ? Date.parse(member.communication_disabled_until) : 0;
  const byRole = muteRoleId !== null && member.roles.includes(muteRoleId);
  return until > now || byRole ? { until: until > now ? new Date(until).toISOString() : null, byRole } : null;
};

/** Members timed out now (or holding the mute role), soonest free first; only `userId` when given. */
export async function listMuteEntries(db: Db, guildId: string, muteRoleId: string | null, query: { userId?: string }): Promise<MuteEntry[]> {
  const now = Date.now();
  const candidates = query.userId
    ? [query.userId]
    : [
        ...new Set(
          (
            await db
              .select({ targetId: moderationCases.targetId })
              .from(moderationCases)
              .where(and(eq(moderationCases.guildId, guildId), eq(moderationCases.type, "timeout"), isNull(moderationCases.deletedAt), gt(moderationCases.expiresAt, new Date(now))))
              .orderBy(desc(moderationCases.number))
              .limit(MUTE_CANDIDATES)
          ).map((row) => row.targetId),
        ),
      ];
  const members = await Promise.all(candidates.map((id) => getGuildMember(guildId, id)));
  const cases = await latestCases(db, guildId, "timeout", candidates);
  const entries: MuteEntry[] = [];
  for (const member of members) {
    const muted = member?.user ? mutedNow(member, muteRoleId, now) : null;
    if (!member?.user || !muted) continue;
    const found = cases.get(member.user.id);
    entries.push({ user: userOf(member.user), until: muted.until, by_role: muted.byRole, case: found ? caseView(found) : null });
  }
  return entries.sort((a, b) => (a.until ?? "9999").localeCompare(b.until ?? "9999"));
}
