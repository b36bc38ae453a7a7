// Recent positive session checks, so one page load (middleware, the page, the
// islands' API calls) reads the `sessions` row once. Only this process's sign-outs
// evict entries: another instance keeps accepting a revoked cookie until its entry
// is SESSION_CACHE_TTL_MS old.
//
// Kept on globalThis: middleware and route handlers are separate bundles with their
// own module copies, and a sign-out in a route must evict middleware's entry too.

/** How long a positive check is trusted without asking the database again. */
export const SESSION_CACHE_TTL_MS = 15_000;
const MAX_ENTRIES = 10_000;

type Entry = { userId: string; validUntil: number };
type Cache = { entries: Map<string, Entry>; epoch: number };

const globalKey = Symbol.for("guildhall.session-cache");
type GlobalWithCache = typeof globalThis & { [globalKey]?: Cache };

function cache(): Cache {
  const store = globalThis as GlobalWithCache;
  store[globalKey] ??= { entries: new Map(), epoch: 0 };
  return store[globalKey];
}

/** The user of a session checked recently and still usable at `now`, else undefined. */
export function cachedSessionUser(sid: string, now: number): string | undefined {
  const entry = cache().entries.get(sid);
  return entry && now < entry.validUntil ? entry.userId : undefined;
}

/**
 * Read before a database check and passed to rememberSession: a sign-out that
 * happened meanwhile bumps it, so a check that read the row before the revocation
 * is not cached after it.
 */
export function cacheEpoch(): number {
  return cache().epoch;
}

/** `until`: the earliest of the record's own ends (absolute, idle); capped at the TTL here. */
export function rememberSession(sid: string, userId: string, now: number, until: number, epoch: number): void {
  const { entries, epoch: current } = cache();
  if (epoch !== current) return;
  if (entries.size >= MAX_ENTRIES) {
    for (const [key, entry] of entries) if (entry.validUntil <= now) entries.delete(key);
    // Still full: drop the oldest insertion.
    if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
  }
  entries.delete(sid);
  entries.set(sid, { userId, validUntil: Math.min(now + SESSION_CACHE_TTL_MS, until) });
}

export function forgetSession(sid: string): void {
  const state = cache();
  state.entries.delete(sid);
  state.epoch += 1;
}

export function forgetUserSessions(userId: string): void {
  const state = cache();
  for (const [key, entry] of state.entries) if (entry.userId === userId) state.entries.delete(key);
  state.epoch += 1;
}

/** Tests that change session rows behind the cache's back. */
export function clearSessionCacheForTests(): void {
  const state = cache();
  state.entries.clear();
  state.epoch += 1;
}
