import "server-only";

import { makeURLSearchParams } from "@discordjs/rest";
import {
  Routes,
  type APIAuditLog,
  type APIGuildMember,
  type AuditLogEvent,
  type OverwriteType,
  type RESTGetAPIGuildBansResult,
  type RESTGetAPIGuildBanResult,
} from "discord-api-types/v10";

import { guildKey } from "./bot-api";
import { cachedWithMeta, invalidatePrefix, type CachePolicy, type CacheResult } from "./cache";
import { PlatformError, PlatformErrorCode } from "./errors";
import { botDelete, botGet, botPatch, botPut } from "./rest";
import { isSnowflake } from "./snowflake";

// The platform's moderation calls, with the bot token: bans, kicks, timeouts, channel
// permission overwrites (a lockdown) and the guild's audit log (acts made in the platform's own
// client). Every write carries its reason into the platform's audit log. Ids are checked to be
// snowflakes before they go into a URL path. Who may be acted on (hierarchy, the owner) is the
// caller's check first; the platform refuses the rest with PlatformError forbidden.

/** The longest timeout the platform accepts. */
export const MAX_TIMEOUT_MS = 28 * 24 * 60 * 60_000;
/** The most message history a ban may delete. */
export const MAX_DELETE_MESSAGE_SECONDS = 7 * 24 * 60 * 60;
/** The platform's bound on an audit log reason. */
export const MAX_AUDIT_REASON = 512;

function requireSnowflakes(ids: Record<string, string | undefined>): void {
  for (const [name, value] of Object.entries(ids)) {
    if (value !== undefined && !isSnowflake(value)) throw new PlatformError(`Invalid ${name}: not a snowflake`, { kind: "bad_request", status: 400 });
  }
}

const withReason = (reason: string | undefined) => (reason ? { reason: reason.slice(0, MAX_AUDIT_REASON) } : {});

/** One page of the guild's bans, by ascending user id (`after` forwards, `before` backwards). */
export async function listBans(guildId: string, page: { limit: number; after?: string; before?: string }): Promise<RESTGetAPIGuildBansResult> {
  requireSnowflakes({ "guild id": guildId, after: page.after, before: page.before });
  return botGet<RESTGetAPIGuildBansResult>(Routes.guildBans(guildId), { query: makeURLSearchParams({ limit: page.limit, after: page.after, before: page.before }) });
}

/** Ban lists change by the minute at most, and our own acts drop them at once (bansChanged). */
export const BANS_CACHE_POLICY: CachePolicy = { ttlMs: 30_000, staleMs: 5 * 60_000 };

const bansKey = (guildId: string) => `${guildKey(guildId)}bans:`;

/** listBans, kept briefly per page. */
export function cachedBans(guildId: string, page: { limit: number; after?: string }): Promise<CacheResult<RESTGetAPIGuildBansResult>> {
  return cachedWithMeta(`${bansKey(guildId)}${page.limit}:${page.after ?? ""}`, BANS_CACHE_POLICY, () => listBans(guildId, page));
}

/** Drops the cached ban lists of a guild: a ban or an unban was just made. */
export async function bansChanged(guildId: string): Promise<void> {
  await invalidatePrefix(bansKey(guildId));
}

/** The ban of `userId`, or null when they are not banned. */
export async function getBan(guildId: string, userId: string): Promise<RESTGetAPIGuildBanResult | null> {
  requireSnowflakes({ "guild id": guildId, "user id": userId });
  try {
    return await botGet<RESTGetAPIGuildBanResult>(Routes.guildBan(guildId, userId));
  } catch (error) {
    if (error instanceof PlatformError && error.code === PlatformErrorCode.UNKNOWN_BAN) return null;
    throw error;
  }
}

/** Bans a user (member or not), deleting their messages of the last `deleteMessageSeconds`. Banning twice is not an error. */
export async function banUser(guildId: string, userId: string, options: { deleteMessageSeconds?: number; reason?: string } = {}): Promise<void> {
  requireSnowflakes({ "guild id": guildId, "user id": userId });
  const seconds = Math.min(Math.max(Math.trunc(options.deleteMessageSeconds ?? 0), 0), MAX_DELETE_MESSAGE_SECONDS);
  try {
    await botPut(Routes.guildBan(guildId, userId), { body: { delete_message_seconds: seconds }, ...withReason(options.reason) });
  } finally {
    await bansChanged(guildId);
  }
}

/** Lifts a ban; false when there was none. */
export async function unbanUser(guildId: string, userId: string, reason?: string): Promise<boolean> {
  requireSnowflakes({ "guild id": guildId, "user id": userId });
  try {
    await botDelete(Routes.guildBan(guildId, userId), withReason(reason));
    return true;
  } catch (error) {
    if (error instanceof PlatformError && error.code === PlatformErrorCode.UNKNOWN_BAN) return false;
    throw error;
  } finally {
    await bansChanged(guildId);
  }
}

/** Removes a member from the guild (they may join again). */
export async function kickMember(guildId: string, userId: string, reason?: string): Promise<void> {
  requireSnowflakes({ "guild id": guildId, "user id": userId });
  await botDelete(Routes.guildMember(guildId, userId), withReason(reason));
}

/** Times a member out until `until` (28 days at most), or lifts the timeout with null; answers the member. */
export async function setMemberTimeout(guildId: string, userId: string, until: Date | null, reason?: string): Promise<APIGuildMember> {
  requireSnowflakes({ "guild id": guildId, "user id": userId });
  return botPatch<APIGuildMember>(Routes.guildMember(guildId, userId), { body: { communication_disabled_until: until ? until.toISOString() : null }, ...withReason(reason) });
}

export type OverwriteBits = { type: OverwriteType; allow: bigint; deny: bigint };

/** Sets a channel's permission overwrite for a role or member (the guild id is @everyone). */
export async function setChannelOverwrite(channelId: string, overwriteId: string, bits: OverwriteBits, reason?: string): Promise<void> {
  requireSnowflakes({ "channel id": channelId, "overwrite id": overwriteId });
  await botPut(Routes.channelPermission(channelId, overwriteId), { body: { type: bits.type, allow: bits.allow.toString(), deny: bits.deny.toString() }, ...withReason(reason) });
}

/** Removes a channel's permission overwrite; removing one that is not there is not an error. */
export async function deleteChannelOverwrite(channelId: string, overwriteId: string, reason?: string): Promise<void> {
  requireSnowflakes({ "channel id": channelId, "overwrite id": overwriteId });
  await botDelete(Routes.channelPermission(channelId, overwriteId), withReason(reason));
}

/** A page of the guild's audit log, newest first. */
export async function getAuditLog(guildId: string, query: { actionType?: AuditLogEvent; before?: string; after?: string; limit?: number } = {}): Promise<APIAuditLog> {
  requireSnowflakes({ "guild id": guildId, before: query.before, after: query.after });
  return botGet<APIAuditLog>(Routes.guildAuditLog(guildId), {
    query: makeURLSearchParams({ action_type: query.actionType, before: query.before, after: query.after, limit: query.limit ?? 100 }),
  });
}
