import "server-only";
import { revalidateTag, unstable_cache } from "next/cache";
import { pageCacheStore } from "@/lib/page-cache/registry";
import { EVERY_GUILD_PAGES_TAG, guildAreaTag, guildPageTags, guildPagesTag } from "./page-cache-tag";

// A guild's cached pages carry its tag and their area's (page-cache-tag.ts): expiring the guild's
// retires them all, an area's only that area's, on every instance (README "Caching").

/**
 * Puts the guild's tag and the page's area's on the page being rendered. Without
 * cacheComponents, Next tags a page only with the tags of the data its render caches, so the
 * render caches one marker under those tags (the data itself is read fresh at every render).
 */
export async function tagGuildPage(guildId: string, area: string): Promise<void> {
  await unstable_cache(async () => true, ["guild-page", guildId, area], { tags: guildPageTags(guildId, area) })();
}

/**
 * Expires every cached page of the guild, or with `areas` only the pages of those areas, so the
 * next visit draws them with what just changed: the route pipeline calls this after every
 * successful guild write, in its route handler, where Next runs the revalidation as the
 * request ends. Outside Next (tests, scripts) there is no request to run it: the tags are
 * expired in the store at once.
 */
export function expireGuildPages(guildId: string, areas?: readonly string[]): void {
  const tags = areas ? areas.map((area) => guildAreaTag(guildId, area)) : [guildPagesTag(guildId)];
  try {
    for (const tag of tags) revalidateTag(tag, { expire: 0 });
  } catch {
    for (const tag of tags) expireInStore(tag);
  }
}

/**
 * Expires the guild's cached pages for a change made or seen outside a route handler: the
 * platform answering differently from what was kept (a rename in Discord, seen in middleware's
 * verdict or a reload finishing in the background), a channel a job renamed
 * (lib/platform/bot-api.ts). There a revalidateTag would be left with a request that has ended,
 * or with none: the same tag is expired in the same store directly.
 */
export function expireGuildPagesOutsideRequest(guildId: string): void {
  expireInStore(guildPagesTag(guildId));
}

/**
 * Expires every guild's cached pages at once: a feature flag changed, and the pages decide on the
 * server what a flag shows (components/flags/when-flag.tsx), so none may outlive the change.
 * Flags change outside any request (the SDK's refresh, the flags file watched).
 */
export function expireEveryGuildsPages(): void {
  expireInStore(EVERY_GUILD_PAGES_TAG);
}

function expireInStore(tag: string): void {
  void pageCacheStore()
    .expire([tag])
    .catch((error: unknown) => console.warn("[page cache] expiry delayed:", error instanceof Error ? error.message : error));
}
