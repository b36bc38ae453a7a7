import "server-only";
import { revalidateTag, unstable_cache } from "next/cache";
import { pageCacheStore } from "@/lib/page-cache/registry";
import { EVERY_GUILD_PAGES_TAG, guildPagesTag } from "./page-cache-tag";

// A guild's cached pages carry one tag, the guild's (page-cache-tag.ts): expiring it once
// retires them all, on every instance (README "Caching").

/**
 * Puts the guild's tag on the page being rendered. Without cacheComponents, Next tags a page
 * only with the tags of the data its render caches, so the render caches one marker under the
 * guild's tag (the data itself is read fresh at every render).
 */
export async function tagGuildPage(guildId: string): Promise<void> {
  await unstable_cache(async () => true, ["guild-page", guildId], { tags: [guildPagesTag(guildId), EVERY_GUILD_PAGES_TAG] })();
}

/**
 * Expires every cached page of the guild, so the next visit draws them with what just changed:
 * the route pipeline calls this after every successful guild write, in its route handler, where
 * Next runs the revalidation as the request ends. Outside Next (tests, scripts) there is no
 * request to run it: the tag is expired in the store at once.
 */
export function expireGuildPages(guildId: string): void {
  const tag = guildPagesTag(guildId);
  try {
    revalidateTag(tag, { expire: 0 });
  } catch {
    expireInStore(tag);
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
