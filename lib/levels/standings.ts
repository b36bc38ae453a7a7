import "server-only";
import { and, asc, count, desc, eq, gt, or, sql } from "drizzle-orm";
import type { Db, Tx } from "@/lib/db/client";
import { memberLevels } from "@/lib/db/schema";
import { levelOf, type LevelProgress } from "./curve";

// Where members stand in a guild's Levels: the public leaderboard's pages, a member's own
// rank (the pinned row, the rank card) and name search. Every query walks the rank index
// (guild, xp desc, user id) or a name index; none scans the guild's rows.

export const LEADERBOARD_PAGE_SIZE = 100;
export const SEARCH_LIMIT = 20;

export type Standing = LevelProgress & {
  rank: number;
  userId: string;
  displayName: string;
  username: string;
  avatar: string | null;
  xp: number;
  messages: number;
};

type Row = typeof memberLevels.$inferSelect;

const RANK_ORDER = [desc(memberLevels.xp), asc(memberLevels.userId)] as const;

function standing(row: Row, rank: number): Standing {
  return {
    rank,
    userId: row.userId,
    displayName: row.displayName,
    username: row.username,
    avatar: row.avatar,
    xp: row.xp,
    messages: row.messages,
    ...levelOf(row.xp),
  };
}

/** How many members of the guild have XP (the leaderboard's length). */
export async function rankedMembers(db: Db | Tx, guildId: string): Promise<number> {
  const [row] = await db.select({ total: count() }).from(memberLevels).where(eq(memberLevels.guildId, guildId));
  return row?.total ?? 0;
}

/**
 * One page of the leaderboard (1-based), best first. The ranks skipped are read from the rank
 * index alone (guild, xp, user id: an index-only scan), and only the page's rows from the table,
 * so page 500 of a 100,000-member guild costs little more than page 1.
 */
export async function leaderboardPage(db: Db | Tx, guildId: string, page: number, size = LEADERBOARD_PAGE_SIZE): Promise<Standing[]> {
  const offset = (Math.max(1, Math.floor(page)) - 1) * size;
  const onPage = db
    .select({ userId: memberLevels.userId })
    .from(memberLevels)
    .where(eq(memberLevels.guildId, guildId))
    .orderBy(...RANK_ORDER)
    .limit(size)
    .offset(offset)
    .as("on_page");
  const rows = await db
    .select({ row: memberLevels })
    .from(onPage)
    .innerJoin(memberLevels, and(eq(memberLevels.guildId, guildId), eq(memberLevels.userId, onPage.userId)))
    .orderBy(...RANK_ORDER);
  return rows.map(({ row }, index) => standing(row, offset + index + 1));
}

/** The rank of a row: one more than the members ahead of it (more XP, or as much and a smaller id). */
async function rankOf(db: Db | Tx, row: Row): Promise<number> {
  const [ahead] = await db
    .select({ total: count() })
    .from(memberLevels)
    .where(
      and(
        eq(memberLevels.guildId, row.guildId),
        or(gt(memberLevels.xp, row.xp), and(eq(memberLevels.xp, row.xp), sql`${memberLevels.userId} < ${row.userId}`)),
      ),
    );
  return (ahead?.total ?? 0) + 1;
}

/** A member's standing in the guild; null when they have no XP there. */
export async function memberStanding(db: Db | Tx, guildId: string, userId: string): Promise<Standing | null> {
  const [row] = await db
    .select()
    .from(memberLevels)
    .where(and(eq(memberLevels.guildId, guildId), eq(memberLevels.userId, userId)));
  return row ? standing(row, await rankOf(db, row)) : null;
}

/** Shorter queries have no trigram for the name index to look up: they match the start of names. */
export const SUBSTRING_MIN_LENGTH = 3;

/**
 * The search as one query: members whose name holds `query` anywhere (from 3 characters on;
 * shorter ones: names starting with it), ignoring case and accents, best first. Names and query
 * are folded alike by the database's search_fold() (lower-case, unaccent: "jose" finds "José",
 * "strasse" "Straße"), which the name indexes hold (trigrams, and a prefix index), so the planner
 * either walks the rank index while matches are common or reads the few matching entries.
 */
export function searchQuery(db: Db | Tx, guildId: string, query: string, limit = SEARCH_LIMIT) {
  const text = query.trim();
  // LIKE's own characters are taken literally; folding leaves them as they are.
  const escaped = text.replace(/[\\%_]/g, (char) => `\\${char}`);
  const pattern = [...text].length >= SUBSTRING_MIN_LENGTH ? sql`'%' || search_fold(${escaped}) || '%'` : sql`search_fold(${escaped}) || '%'`;
  return db
    .select()
    .from(memberLevels)
    .where(and(eq(memberLevels.guildId, guildId), sql`search_fold(${memberLevels.displayName}) like ${pattern}`))
    .orderBy(...RANK_ORDER)
    .limit(limit);
}

/** The members searchQuery finds, with their ranks. */
export async function searchStandings(db: Db | Tx, guildId: string, query: string, limit = SEARCH_LIMIT): Promise<Standing[]> {
  if (query.trim() === "") return [];
  const rows = await searchQuery(db, guildId, query, limit);
  return Promise.all(rows.map(async (row) => standing(row, await rankOf(db, row))));
}
