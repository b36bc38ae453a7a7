import "server-only";
import { z } from "zod";
import type { Db } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import { getGuild } from "@/lib/platform/bot-api";
import { userAvatarUrl } from "@/lib/platform/cdn";
import { PlatformError } from "@/lib/platform/errors";
import { isSnowflake } from "@/lib/platform/snowflake";
import { readPluginState } from "@/lib/plugins/plugin-states";
import { levels } from "@/lib/plugins/levels/definition";
import { inputText } from "@/lib/validation/text";
import { LEADERBOARD_PAGE_SIZE, leaderboardPage, rankedMembers, searchStandings, type Standing } from "./standings";

// What the public leaderboard pages show (/{locale}/leaderboard/{guildId}, then /2, /3… and
// /search?q=), for everyone alike: nothing here depends on who looks, so the list pages are
// cached and shared. null means "no such page" (404): a malformed id, Levels off, a private
// leaderboard, a guild the bot is not in, or a page past the last one.

/** Highest page number accepted in a URL; the table holds far fewer members than this many pages. */
const MAX_PAGE = 1_000_000;
export const MAX_QUERY_LENGTH = 100;

/** The page number of `/{locale}/leaderboard/{guildId}/{page}`: 2 and up (page 1 is the plain address). */
export const leaderboardPageParam = inputText()
  .regex(/^[1-9]\d{0,6}$/)
  .transform(Number)
  .refine((page) => page >= 2 && page <= MAX_PAGE);

/** `?q=` of the search page, as the address bar gives it; a repeated value is refused (404). */
export const leaderboardQuery = z.object({ q: inputText().max(MAX_QUERY_LENGTH).optional() });

/** One page of the list, or a search (whose best matches fit one page). */
export type LeaderboardRequest = { page: number } | { query: string };

export type LeaderboardRow = Standing & { avatarUrl: string | null };

export type LeaderboardView = {
  /** `icon` is the platform's icon hash (components/guild-icon.tsx draws it). */
  guild: { id: string; name: string; icon: string | null };
  /** Members with XP in the guild. */
  total: number;
  /** 1-based; 1 for a search. */
  page: number;
  /** At least 1, even for an empty leaderboard. */
  pageCount: number;
  /** The search as typed (trimmed), "" for none; a search shows its best matches on one page. */
  query: string;
  rows: LeaderboardRow[];
  showAvatars: boolean;
};

export async function loadLeaderboard(db: Db, guildId: string, request: LeaderboardRequest): Promise<LeaderboardView | null> {
  if (!isSnowflake(guildId)) return null;
  const query = "query" in request ? request.query.trim() : "";
  const page = "page" in request ? request.page : 1;

  const state = await readPluginState(db, guildId, levels);
  if (!state.enabled || state.config.leaderboard_public !== true) return null;
  const guild = await platformGuild(guildId);
  if (!guild) return null;

  const total = await rankedMembers(db, guildId);
  const pageCount = Math.max(1, Math.ceil(total / LEADERBOARD_PAGE_SIZE));
  // Past the last page is a 404, not the last page: a URL keeps naming the same ranks as the guild grows.
  if (page > pageCount) return null;
  const standings = query !== "" ? await searchStandings(db, guildId, query) : await leaderboardPage(db, guildId, page);
  const showAvatars = state.config.leaderboard_show_avatars === true;
  const cdn = getEnv().DISCORD_CDN_URL;
  return {
    guild: { id: guild.id, name: guild.name, icon: guild.icon },
    total,
    page,
    pageCount,
    query,
    showAvatars,
    rows: standings.map((standing) => ({ ...standing, avatarUrl: showAvatars ? userAvatarUrl(cdn, { id: standing.userId, avatar: standing.avatar }, 64) : null })),
  };
}

/** The guild from the platform cache; null when the bot is not (or no longer) in it. */
async function platformGuild(guildId: string): Promise<{ id: string; name: string; icon: string | null } | null> {
  try {
    return await getGuild(guildId);
  } catch (error) {
    if (error instanceof PlatformError && (error.kind === "not_found" || error.kind === "forbidden")) return null;
    throw error;
  }
}
