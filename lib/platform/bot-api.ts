import "server-only";

import { isDeepStrictEqual } from "node:util";
import { makeURLSearchParams } from "@discordjs/rest";
import { z } from "zod";
import {
  Routes,
  type APIGuildMember,
  type RESTGetAPICurrentUserGuildsResult,
  type RESTGetAPIGuildChannelsResult,
  type RESTGetAPIGuildEmojisResult,
  type RESTGetAPIGuildMembersSearchResult,
  type RESTGetAPIGuildResult,
  type RESTGetAPIGuildRolesResult,
} from "discord-api-types/v10";

import { cachedWithMeta, invalidate, invalidatePrefix, peek, updateCached, type CachePolicy, type CacheResult } from "./cache";
import { PlatformError, PlatformErrorCode } from "./errors";
import { expireGuildPagesOutsideRequest } from "@/lib/guilds/page-cache";
import { botGet } from "./rest";
import { isSnowflake } from "./snowflake";

// Reads made with the bot token. Guild-scoped reads are cached per guild under
// `guild:{id}:` so refreshGuildCache() drops them together. Ids are checked to be
// snowflakes before they go into a URL path.

export const BOT_GUILDS_POLICY: CachePolicy = { ttlMs: 60_000, staleMs: 10 * 60_000 };
export const GUILD_CACHE_POLICY: CachePolicy = { ttlMs: 60_000, staleMs: 10 * 60_000 };

const BOT_GUILDS_KEY = "bot:guild-ids";
const GUILDS_PAGE_SIZE = 200;
// 200 pages is 40,000 guilds, far beyond what this dashboard serves from one bot.
const MAX_GUILD_PAGES = 200;
/** The platform's cap on `limit` for member search. */
export const MAX_MEMBER_SEARCH_LIMIT = 1000;
const MAX_MEMBER_QUERY_LENGTH = 100;

/** The prefix of every cached read of one guild (refreshGuildCache drops them all). */
export function guildKey(guildId: string): string {
  return `guild:${guildId}:`;
}

/**
 * A guild-wide read the cached guild pages are drawn from (the guild, its channels, roles and
 * emojis). When the platform answers differently from the value kept (a rename in Discord, a
 * new channel), the pages drawn from the old value are outdated: they are expired, so the next
 * load draws them again rather than serving the old value until their time is up.
 */
function guildPageRead<T>(guildId: string, part: string, load: () => Promise<T>): Promise<CacheResult<T>> {
  const key = `${guildKey(guildId)}${part}`;
  return cachedWithMeta(key, GUILD_CACHE_POLICY, async () => {
    const value = await load();
    const kept = await peek<T>(key);
    if (kept && !isDeepStrictEqual(kept.value, value)) expireGuildPagesOutsideRequest(guildId);
    return value;
  });
}

function requireSnowflake(value: string, name: string): void {
  if (!isSnowflake(value)) {
    throw new PlatformError(`Invalid ${name}: not a snowflake`, { kind: "bad_request", status: 400 });
  }
}

async function loadBotGuildIds(): Promise<ReadonlySet<string>> {
  const ids = new Set<string>();
  let after: string | undefined;
  for (let page = 0; page < MAX_GUILD_PAGES; page++) {
    const query = makeURLSearchParams({ limit: GUILDS_PAGE_SIZE, after });
    const batch = await botGet<RESTGetAPICurrentUserGuildsResult>(Routes.userGuilds(), { query });
    for (const guild of batch) ids.add(guild.id);
    const last = batch.at(-1);
    if (batch.length < GUILDS_PAGE_SIZE || !last || last.id === after) break;
    after = last.id;
  }
  return ids;
}

export async function getBotGuildIdsWithMeta(): Promise<CacheResult<ReadonlySet<string>>> {
  return cachedWithMeta(BOT_GUILDS_KEY, BOT_GUILDS_POLICY, loadBotGuildIds);
}

/** Ids of every guild the bot is in (bot `GET /users/@me/guilds`, paginated). Throws PlatformError. */
export async function getBotGuildIds(): Promise<ReadonlySet<string>> {
  return (await getBotGuildIdsWithMeta()).value;
}

/**
 * Whether the bot is in the guild, asked of the platform now (never cached): the
 * `guild_id` that comes back from the bot-add flow is only a hint. Updates the cached
 * bot guild set either way, so guild lists change at once. Unknown guild (404) and
 * Missing Access (403, code 50001) mean false; other failures throw PlatformError.
 */
export async function confirmBotInGuild(guildId: string): Promise<boolean> {
  if (!isSnowflake(guildId)) return false;
  try {
    await botGet<RESTGetAPIGuildResult>(Routes.guild(guildId));
  } catch (error) {
    const absent =
      error instanceof PlatformError &&
      (error.status === 404 || (error.status === 403 && error.code === PlatformErrorCode.MISSING_ACCESS));
    if (!absent) throw error;
    await updateCached<ReadonlySet<string>>(BOT_GUILDS_KEY, (ids) => withoutId(ids, guildId));
    await refreshGuildCache(guildId);
    return false;
  }
  await updateCached<ReadonlySet<string>>(BOT_GUILDS_KEY, (ids) => (ids.has(guildId) ? ids : new Set([...ids, guildId])));
  return true;
}

function withoutId(ids: ReadonlySet<string>, guildId: string): ReadonlySet<string> {
  if (!ids.has(guildId)) return ids;
  const next = new Set(ids);
  next.delete(guildId);
  return next;
}

export async function getGuildWithMeta(guildId: string): Promise<CacheResult<RESTGetAPIGuildResult>> {
  requireSnowflake(guildId, "guild id");
  return guildPageRead(guildId, "guild", () =>
    botGet<RESTGetAPIGuildResult>(Routes.guild(guildId), { query: makeURLSearchParams({ with_counts: true }) }),
  );
}

/** Whether the guild was read before and is still in the cache (possibly expired but usable). */
export async function isGuildCached(guildId: string): Promise<boolean> {
  return (await peek(`${guildKey(guildId)}guild`)) !== undefined;
}

/** The guild with approximate member and presence counts. Throws PlatformError (not_found, forbidden...). */
export async function getGuild(guildId: string): Promise<RESTGetAPIGuildResult> {
  return (await getGuildWithMeta(guildId)).value;
}

export async function getGuildChannelsWithMeta(guildId: string): Promise<CacheResult<RESTGetAPIGuildChannelsResult>> {
  requireSnowflake(guildId, "guild id");
  return guildPageRead(guildId, "channels", () =>
    botGet<RESTGetAPIGuildChannelsResult>(Routes.guildChannels(guildId)),
  );
}

/** The guild's channels, in the platform's order (sort by `position` for display). */
export async function getGuildChannels(guildId: string): Promise<RESTGetAPIGuildChannelsResult> {
  return (await getGuildChannelsWithMeta(guildId)).value;
}

/** A channel the bot renamed (guild-edits.ts): the kept list takes the name, and pages drawn with the old one are outdated. */
export async function channelRenamed(guildId: string, channelId: string, name: string): Promise<void> {
  await updateCached<RESTGetAPIGuildChannelsResult>(`${guildKey(guildId)}channels`, (channels) => channels.map((channel) => (channel.id === channelId ? { ...channel, name } : channel)));
  expireGuildPagesOutsideRequest(guildId);
}

/** A role the bot made (guild-edits.ts): the kept list has it at once, so a picker offers it on the next load. */
export async function roleCreated(guildId: string, role: RESTGetAPIGuildRolesResult[number]): Promise<void> {
  // The platform puts a new role at position 1: every other role but @everyone moves up one.
  const withRole = (roles: RESTGetAPIGuildRolesResult) => [...roles.map((kept) => (kept.id === guildId ? kept : { ...kept, position: kept.position + 1 })), role];
  await Promise.all([
    updateCached<RESTGetAPIGuildRolesResult>(`${guildKey(guildId)}roles`, withRole),
    updateCached<RESTGetAPIGuildResult>(`${guildKey(guildId)}guild`, (guild) => ({ ...guild, roles: withRole(guild.roles) })),
  ]);
  expireGuildPagesOutsideRequest(guildId);
}

/** A channel the bot created (guild-edits.ts): the kept list gains it, and pages drawn without it are outdated. */
export async function channelCreated(guildId: string, channel: RESTGetAPIGuildChannelsResult[number]): Promise<void> {
  await updateCached<RESTGetAPIGuildChannelsResult>(`${guildKey(guildId)}channels`, (channels) => [...channels.filter((kept) => kept.id !== channel.id), channel]);
  expireGuildPagesOutsideRequest(guildId);
}

export async function getGuildRolesWithMeta(guildId: string): Promise<CacheResult<RESTGetAPIGuildRolesResult>> {
  requireSnowflake(guildId, "guild id");
  return guildPageRead(guildId, "roles", () =>
    botGet<RESTGetAPIGuildRolesResult>(Routes.guildRoles(guildId)),
  );
}

/** The guild's roles, including @everyone (whose id is the guild id). */
export async function getGuildRoles(guildId: string): Promise<RESTGetAPIGuildRolesResult> {
  return (await getGuildRolesWithMeta(guildId)).value;
}

/** What the dashboard keeps of a custom emoji: enough to show it, store it and check a stored one. */
export type GuildEmoji = { id: string; name: string; animated: boolean; available: boolean };

// The platform's answer is outside input: an entry that does not parse is left out rather
// than failing the whole list (roles and uploader are not needed, so not kept).
const guildEmoji = z.object({
  id: z.string().regex(/^\d{17,20}$/),
  name: z.string().regex(/^[A-Za-z0-9_]{2,32}$/),
  animated: z.boolean().default(false),
  available: z.boolean().default(true),
});

async function loadGuildEmojis(guildId: string): Promise<GuildEmoji[]> {
  const answer = await botGet<RESTGetAPIGuildEmojisResult>(Routes.guildEmojis(guildId));
  return (Array.isArray(answer) ? answer : []).flatMap((entry) => {
    const parsed = guildEmoji.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}

export async function getGuildEmojisWithMeta(guildId: string): Promise<CacheResult<GuildEmoji[]>> {
  requireSnowflake(guildId, "guild id");
  return guildPageRead(guildId, "emojis", () => loadGuildEmojis(guildId));
}

/** The guild's custom emojis in the platform's order, unavailable ones (boost slots lost) included. */
export async function getGuildEmojis(guildId: string): Promise<GuildEmoji[]> {
  return (await getGuildEmojisWithMeta(guildId)).value;
}

async function loadMember(guildId: string, userId: string): Promise<APIGuildMember | null> {
  try {
    return await botGet<APIGuildMember>(Routes.guildMember(guildId, userId));
  } catch (error) {
    if (error instanceof PlatformError && error.code === PlatformErrorCode.UNKNOWN_MEMBER) return null;
    throw error;
  }
}

export async function getGuildMemberWithMeta(guildId: string, userId: string): Promise<CacheResult<APIGuildMember | null>> {
  requireSnowflake(guildId, "guild id");
  requireSnowflake(userId, "user id");
  return cachedWithMeta(`${guildKey(guildId)}member:${userId}`, GUILD_CACHE_POLICY, () => loadMember(guildId, userId));
}

/** A member of the guild, or null when the user is not in it (platform code 10007). */
export async function getGuildMember(guildId: string, userId: string): Promise<APIGuildMember | null> {
  return (await getGuildMemberWithMeta(guildId, userId)).value;
}

export async function searchGuildMembersWithMeta(
  guildId: string,
  query: string,
  limit = 25,
): Promise<CacheResult<RESTGetAPIGuildMembersSearchResult>> {
  requireSnowflake(guildId, "guild id");
  const q = query.trim();
  const size = Math.min(MAX_MEMBER_SEARCH_LIMIT, Math.max(1, Math.trunc(Number.isFinite(limit) ? limit : 25)));
  // Usernames and nicknames are at most 32 characters: a longer query cannot match.
  if (q.length === 0 || q.length > MAX_MEMBER_QUERY_LENGTH) return { value: [], stale: false, fetchedAt: Date.now() };
  // The platform matches case-insensitively: "Ada" and "ada" share one cached answer.
  const needle = q.toLowerCase();
  return cachedWithMeta(`${guildKey(guildId)}search:${size}:${needle}`, GUILD_CACHE_POLICY, () =>
    botGet<RESTGetAPIGuildMembersSearchResult>(Routes.guildMembersSearch(guildId), {
      query: makeURLSearchParams({ query: needle, limit: size }),
    }),
  );
}

/**
 * Members whose username or nickname starts with `query` (the platform's search,
 * case-insensitive). An empty or overlong query gives no results without a call;
 * `limit` is clamped to 1..1000.
 */
export async function searchGuildMembers(
  guildId: string,
  query: string,
  limit = 25,
): Promise<RESTGetAPIGuildMembersSearchResult> {
  return (await searchGuildMembersWithMeta(guildId, query, limit)).value;
}

/** Drops what is cached of one member (and the searches that may list them): a moderation act changed or removed them. */
export async function memberChanged(guildId: string, userId: string): Promise<void> {
  await invalidate(`${guildKey(guildId)}member:${userId}`);
  await invalidatePrefix(`${guildKey(guildId)}search:`);
}

/** Drops every cached read of one guild (after the dashboard changes it, or on demand). */
export async function refreshGuildCache(guildId: string): Promise<void> {
  await invalidatePrefix(guildKey(guildId));
}

/** Drops the cached bot guild set, so the next getBotGuildIds() asks the platform. */
export async function refreshBotGuildIds(): Promise<void> {
  await invalidate(BOT_GUILDS_KEY);
}
