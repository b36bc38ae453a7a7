import type { RedisLink } from "@/lib/redis/link";
import { redisLink } from "@/lib/redis/process-link";
import { SharedSessionCache } from "./shared-session-cache";

// Recent positive session checks, so one page load (middleware, the page, the islands' API
// calls) reads the `sessions` row once. With REDIS_URL the entries live in Redis, shared by every
// instance (shared-session-cache.ts): a sign-out anywhere refuses the cookie everywhere at once.
// Without it they live in this process, on globalThis (middleware and route handlers are
// separate bundles with their own module copies, and a sign-out in a route must evict
// middleware's entry too).

/** How long a positive check is trusted without asking the database again. */
export const SESSION_CACHE_TTL_MS = 15_000;
const MAX_ENTRIES = 10_000;

type Entry = { userId: string; validUntil: number };
type Cache = { entries: Map<string, Entry>; epoch: number; shared?: { link: RedisLink; cache: SharedSessionCache } };

const globalKey = Symbol.for("guildhall.session-cache");
type GlobalWithCache = typeof globalThis & { [globalKey]?: Cache };

function cache(): Cache {
  const store = globalThis as GlobalWithCache;
  store[globalKey] ??= { entries: new Map(), epoch: 0 };
  return store[globalKey];
}

/** The Redis store with REDIS_URL, else null (this process's map). */
function shared(): SharedSessionCache | null {
  const link = redisLink();
  if (!link) return null;
  const state = cache();
  if (state.shared?.link !== link) state.shared = { link, cache: new SharedSessionCache(link) };
  return state.shared.cache;
}

/** The user of a session checked recently and still usable at `now`, else undefined. */
export async function cachedSessionUser(sid: string, now: number): Promise<string | undefined> {
  const store = shared();
  if (store) return store.cachedUser(sid, now);
  const entry = cache().entries.get(sid);
  return entry && now < entry.validUntil ? entry.userId : undefined;
}

/**
 * Read before a database check and passed to rememberSession: a sign-out that
 * happened meanwhile moves it on, so a check that read the row before the revocation
 * is not cached after it.
 */
export async function cacheEpoch(): Promise<number | string | null> {
  const store = shared();
  return store ? store.epoch() : cache().epoch;
}

/** `until`: the earliest of the record's own ends (absolute, idle); capped at the TTL here. */
export async function rememberSession(sid: string, userId: string, now: number, until: number, epoch: number | string | null): Promise<void> {
  const validUntil = Math.min(now + SESSION_CACHE_TTL_MS, until);
  const store = shared();
  if (store) return store.remember(sid, userId, validUntil - now, validUntil, typeof epoch === "string" ? epoch : null);
  const { entries, epoch: current } = cache();
  if (epoch !== current) return;
  if (entries.size >= MAX_ENTRIES) {
    for (const [key, entry] of entries) if (entry.validUntil <= now) entries.delete(key);
    // Still full: drop the oldest insertion.
    if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
  }
  entries.delete(sid);
  entries.set(sid, { userId, validUntil });
}

export async function forgetSession(sid: string): Promise<void> {
  const state = cache();
  state.entries.delete(sid);
  state.epoch += 1;
  await shared()?.forget(sid);
}

export async function forgetUserSessions(userId: string): Promise<void> {
  const state = cache();
  for (const [key, entry] of state.entries) if (entry.userId === userId) state.entries.delete(key);
  state.epoch += 1;
  await shared()?.forgetUser(userId);
}

/** Tests that change session rows behind the cache's back (this process's entries; a test with Redis uses a fresh server). */
export function clearSessionCacheForTests(): void {
  const state = cache();
  state.entries.clear();
  state.epoch += 1;
}
