// Tests only: counts the times each guild's cached pages were expired, by wrapping this
// process's page cache store (lib/page-cache/registry.ts) in one that records each expiry.
import { EVERY_GUILD_PAGES_TAG, guildAreaTag, guildPagesTag } from "@/lib/guilds/page-cache-tag";
import { pageCacheStore, setPageCacheStore } from "@/lib/page-cache/registry";
import type { PageCacheStore } from "@/lib/page-cache/store";

export type PageExpiries = {
  /** Expiries of all the guild's pages. */
  of: (guildId: string) => number;
  /** Expiries of one area of the guild's pages (a plugin's page, the overview, the audit log). */
  ofArea: (guildId: string, area: string) => number;
  /** The areas expired so far, sorted. */
  areas: (guildId: string) => string[];
  everywhere: () => number;
};

export function countPageExpiries(): PageExpiries {
  const inner = pageCacheStore();
  const counts = new Map<string, number>();
  const counting: PageCacheStore = {
    get: (key) => inner.get(key),
    set: (key, page) => inner.set(key, page),
    lastExpiry: (tags) => inner.lastExpiry(tags),
    expire: (tags) => {
      for (const tag of tags) counts.set(tag, (counts.get(tag) ?? 0) + 1);
      return inner.expire(tags);
    },
  };
  setPageCacheStore(counting);
  return {
    of: (guildId) => counts.get(guildPagesTag(guildId)) ?? 0,
    ofArea: (guildId, area) => counts.get(guildAreaTag(guildId, area)) ?? 0,
    areas: (guildId) => [...counts.keys()].filter((tag) => tag.startsWith(guildAreaTag(guildId, ""))).map((tag) => tag.slice(guildAreaTag(guildId, "").length)).sort(),
    everywhere: () => counts.get(EVERY_GUILD_PAGES_TAG) ?? 0,
  };
}
