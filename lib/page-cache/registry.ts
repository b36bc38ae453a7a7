import { memoryPageCacheStore } from "./memory-store";
import type { PageCacheStore } from "./store";

// The page cache store of this process. Next's cache handler (server/page-cache-handler.ts,
// loaded outside Next's bundles) and the code that expires a guild's pages from inside them
// (lib/guilds/page-cache.ts) must use the same one, so it is kept on globalThis, as Next keeps
// its own cache handlers. The production server and a worker apart set it at start (Redis when
// REDIS_URL is set, so that a job's expiry reaches every server); anywhere else (tests, a
// script) it is an in-process store.

/** What one process keeps in memory by default: about 2,000 plugin pages. */
export const DEFAULT_MEMORY_BYTES = 256 * 1024 * 1024;

const STORE = Symbol.for("guildhall.page-cache");
const holder = globalThis as typeof globalThis & { [STORE]?: PageCacheStore };

export function pageCacheStore(): PageCacheStore {
  return (holder[STORE] ??= memoryPageCacheStore(DEFAULT_MEMORY_BYTES));
}

export function setPageCacheStore(store: PageCacheStore): void {
  holder[STORE] = store;
}
