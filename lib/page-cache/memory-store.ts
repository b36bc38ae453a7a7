import { serialize } from "node:v8";
import type { CachedPage, PageCacheStore } from "./store";

// The page cache in this process (one instance, no REDIS_URL): pages in a map kept under a
// size bound, least recently served first out, and each tag's last expiry.

/** A store holding at most `maxBytes` of pages (as measured serialized). */
export function memoryPageCacheStore(maxBytes: number): PageCacheStore {
  const pages = new Map<string, { page: CachedPage; bytes: number }>();
  const expiries = new Map<string, number>();
  let total = 0;

  const drop = (key: string) => {
    const held = pages.get(key);
    if (!held) return;
    pages.delete(key);
    total -= held.bytes;
  };

  return {
    async get(key) {
      const held = pages.get(key);
      if (!held) return undefined;
      // Most recently served last: the first key is the one to evict.
      pages.delete(key);
      pages.set(key, held);
      return held.page;
    },
    async set(key, page) {
      drop(key);
      const bytes = serialize(page.value).length;
      if (bytes > maxBytes) return;
      while (total + bytes > maxBytes) drop(pages.keys().next().value!);
      pages.set(key, { page, bytes });
      total += bytes;
    },
    async lastExpiry(tags) {
      let latest = 0;
      for (const tag of tags) latest = Math.max(latest, expiries.get(tag) ?? 0);
      return latest;
    },
    async expire(tags) {
      const now = Date.now();
      for (const tag of tags) expiries.set(tag, now);
    },
  };
}
