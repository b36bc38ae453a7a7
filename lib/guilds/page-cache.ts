import "server-only";
import { revalidateTag, unstable_cache } from "next/cache";
import { pageCacheStore } from "@/lib/page-cache/registry";
import { guildPagesTag } from "./page-cache-tag";

// A guild's cached pages carry one tag, the guild's (page-cache-tag.ts): expiring it once
// retires them all, on every instance (README "Caching").

/**
 * Puts the guild's tag on the page being rendered. Without cacheComponents, Next tags a page
 * only with the tags of the data its render caches, so the render caches one marker under the
 * guild's tag (the data itself is read fresh at every render).
 */
export async function tagGuildPage(guildId: string): Promise<void> {
  await unstable_cache(async () => true, ["guild-page", guildId], { tags: [guildPagesTag(guildId)] })();
}

/**
 * Expires every cached page of the guild, so the next visit draws them with what just changed:
 * after every successful guild write (the route pipeline calls this), and when the platform
 * shows a change the pages are drawn from (lib/platform/bot-api.ts).
 */
export function expireGuildPages(guildId: string): void {
  const tag = guildPagesTag(guildId);
  try {
    revalidateTag(tag, { expire: 0 });
  } catch {
    // Next offers revalidateTag only within a request's handler; a change seen elsewhere (by
    // middleware, in a platform read finishing in the background, in a job) expires the same
    // tag in the same store.
    void pageCacheStore()
      .expire([tag])
      .catch((error: unknown) => console.warn("[page cache] expiry delayed:", error instanceof Error ? error.message : error));
  }
}
