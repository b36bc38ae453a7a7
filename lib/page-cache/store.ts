// Where Next's page cache keeps what it keeps (server/page-cache-handler.ts): the rendered pages
// under Next's keys, and when each cache tag last expired. In this process by default
// (memory-store.ts); in Redis when REDIS_URL is set (redis-store.ts), so that every instance
// serves what any instance drew and honours any instance's expiries at once.
// Not marked server-only: the production server loads it outside Next's bundles.

export type CachedPage = {
  /** Next's value for its key, kept as it came: the cache never looks inside. */
  value: unknown;
  /** Its tags: the guild's (lib/guilds/page-cache.ts) and the ones Next derives from the path. */
  tags: string[];
  /** When the render that made it began (ms since the epoch): a tag expired after that retires it. */
  renderedAt: number;
  /** Next's lifetime for the entry (`revalidate`, `expire`), handed back with it. */
  cacheControl?: { revalidate?: number | false; expire?: number };
};

export interface PageCacheStore {
  get(key: string): Promise<CachedPage | undefined>;
  set(key: string, page: CachedPage): Promise<void>;
  /** The latest expiry of any of these tags (ms since the epoch); 0 when none ever expired. */
  lastExpiry(tags: readonly string[]): Promise<number>;
  /** These tags expire now: pages carrying one, rendered before, are not served again. */
  expire(tags: readonly string[]): Promise<void>;
}

/** True while a page is still what its tags say: none of them expired since its render began. */
export async function isCurrent(store: PageCacheStore, page: CachedPage, moreTags: readonly string[] = []): Promise<boolean> {
  return (await store.lastExpiry([...page.tags, ...moreTags])) < page.renderedAt;
}
