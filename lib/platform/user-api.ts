import "server-only";

import { makeURLSearchParams } from "@discordjs/rest";
import {
  Routes,
  type RESTGetAPICurrentUserGuildsResult,
  type RESTGetAPICurrentUserResult,
} from "discord-api-types/v10";

import { cachedWithMeta, invalidatePrefix, type CachePolicy, type CacheResult } from "./cache";
import { forgetUserClient, userGet } from "./rest";
import { tokenKey } from "./token-key";

// Reads made with a signed-in user's OAuth2 access token. Cached per user under a
// SHA-256 of the token (never the token itself): the guild list route is tightly
// rate-limited and every page of the dashboard needs it.

export const USER_CACHE_POLICY: CachePolicy = { ttlMs: 30_000, staleMs: 10 * 60_000 };

/** The platform returns at most 200 guilds per page. */
export const GUILDS_PAGE_SIZE = 200;
// Users can be in at most a few hundred guilds; this only guards against a looping upstream.
const MAX_GUILD_PAGES = 25;

function userKey(accessToken: string): string {
  return `user:${tokenKey(accessToken)}:`;
}

export async function getCurrentUserWithMeta(accessToken: string): Promise<CacheResult<RESTGetAPICurrentUserResult>> {
  return cachedWithMeta(`${userKey(accessToken)}me`, USER_CACHE_POLICY, () =>
    userGet<RESTGetAPICurrentUserResult>(accessToken, Routes.user()),
  );
}

/** The signed-in user (`GET /users/@me`). Throws PlatformError (kind "unauthorized" for a dead token). */
export async function getCurrentUser(accessToken: string): Promise<RESTGetAPICurrentUserResult> {
  return (await getCurrentUserWithMeta(accessToken)).value;
}

async function loadAllGuilds(accessToken: string): Promise<RESTGetAPICurrentUserGuildsResult> {
  const guilds: RESTGetAPICurrentUserGuildsResult = [];
  let after: string | undefined;
  for (let page = 0; page < MAX_GUILD_PAGES; page++) {
    const query = makeURLSearchParams({ limit: GUILDS_PAGE_SIZE, after });
    const batch = await userGet<RESTGetAPICurrentUserGuildsResult>(accessToken, Routes.userGuilds(), { query });
    guilds.push(...batch);
    const last = batch.at(-1);
    if (batch.length < GUILDS_PAGE_SIZE || !last || last.id === after) break;
    after = last.id;
  }
  return guilds;
}

export async function getCurrentUserGuildsWithMeta(
  accessToken: string,
): Promise<CacheResult<RESTGetAPICurrentUserGuildsResult>> {
  return cachedWithMeta(`${userKey(accessToken)}guilds`, USER_CACHE_POLICY, () => loadAllGuilds(accessToken));
}

/**
 * Every guild the user is in (`GET /users/@me/guilds`, paginated with `after`),
 * with `owner` and `permissions` for canManageGuild(). Throws PlatformError.
 */
export async function getCurrentUserGuilds(accessToken: string): Promise<RESTGetAPICurrentUserGuildsResult> {
  return (await getCurrentUserGuildsWithMeta(accessToken)).value;
}

/** Drops what is cached for this token (e.g. a "refresh servers" button, or logout). */
export async function invalidateUserCache(accessToken: string): Promise<void> {
  await invalidatePrefix(userKey(accessToken));
}

/** Forgets everything held for an access token: cached reads and its REST client. Call on logout. */
export async function forgetUserToken(accessToken: string): Promise<void> {
  await invalidateUserCache(accessToken);
  forgetUserClient(accessToken);
}
