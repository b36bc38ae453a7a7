import { createClient } from "redis";
import { memoryPageCacheStore } from "./memory-store";
import { redisPageCacheStore } from "./redis-store";
import { DEFAULT_MEMORY_BYTES } from "./registry";
import type { PageCacheStore } from "./store";

// The store a process sets at start (server/main.ts, scripts/worker.ts): apart from the registry,
// which Next's bundles import, so that they do not carry a Redis client.

/** The store for REDIS_URL (shared by every instance and worker), or this process's memory without one. */
export function pageCacheStoreFor(redisUrl: string | undefined): PageCacheStore {
  if (!redisUrl) return memoryPageCacheStore(DEFAULT_MEMORY_BYTES);
  // Commands fail at once while Redis is away (pages are then drawn anew) instead of queueing.
  const client = createClient({ url: redisUrl, disableOfflineQueue: true, socket: { reconnectStrategy: (retries) => Math.min(50 * 2 ** retries, 2000) } });
  client.on("error", (error: Error) => console.warn(`[page cache] Redis: ${error.message}`));
  void client.connect().catch(() => undefined);
  return redisPageCacheStore(client, { localBytes: DEFAULT_MEMORY_BYTES });
}
