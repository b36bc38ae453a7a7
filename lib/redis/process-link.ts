import "server-only";
import { getEnv } from "@/lib/env";
import { connectRedis, type RedisLink } from "./link";

// This process's link to Redis, opened on first use from REDIS_URL; null without it (one
// instance: everything shared stays in this process). On globalThis: middleware, route
// handlers and pages are separate bundles of one process and share one connection.

const STORE = Symbol.for("guildhall.redis");
type Held = { url: string; link: RedisLink };
const store = globalThis as typeof globalThis & { [STORE]?: Held };

export function redisLink(): RedisLink | null {
  const url = getEnv().REDIS_URL;
  const held = store[STORE];
  if (held && held.url === url) return held.link;
  // A test moved REDIS_URL (withEnv): the old connection goes.
  if (held) void closeRedisLink();
  if (!url) return null;
  store[STORE] = { url, link: connectRedis(url) };
  return store[STORE].link;
}

/** Closes this process's link (tests, shutdown); the next redisLink() opens a new one. */
export async function closeRedisLink(): Promise<void> {
  const held = store[STORE];
  delete store[STORE];
  await held?.link.close();
}
