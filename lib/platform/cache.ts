import "server-only";

import type { RedisLink } from "@/lib/redis/link";
import { redisLink } from "@/lib/redis/process-link";

import { SharedTtlCache } from "./shared-cache";
import { TtlCache, type CachePolicy, type CacheResult } from "./ttl-cache";

export type { CachePolicy, CacheResult } from "./ttl-cache";

// The platform cache: reads made with the bot's or a user's token, kept per key with the rules of
// ttl-cache.ts (singleflight, stale on error or when slow, failures remembered for their backoff).
// With REDIS_URL every instance shares it (shared-cache.ts: values in Redis, one load per key
// across instances); without, it lives in this process. Either way on globalThis, so that every
// bundle of the Next server (middleware, pages, route handlers) uses one.

/** A page waits this long for a slow platform before it is drawn from older data. */
export const SLOW_AFTER_MS = 400;
/** After a failed load with nothing to fall back on, callers get the same error without a call for this long. */
export const FAILURE_BACKOFF_MS = 5000;

const OPTIONS = { maxEntries: 5000, failureBackoffMs: FAILURE_BACKOFF_MS, slowAfterMs: SLOW_AFTER_MS };

type Stores = { local?: TtlCache; shared?: { link: RedisLink; cache: SharedTtlCache } };
const globalStore = globalThis as typeof globalThis & { __guildhallPlatformCaches?: Stores };

function stores(): Stores {
  return (globalStore.__guildhallPlatformCaches ??= {});
}

function platformCache(): TtlCache | SharedTtlCache {
  const held = stores();
  const link = redisLink();
  if (!link) return (held.local ??= new TtlCache(OPTIONS));
  if (held.shared?.link !== link) held.shared = { link, cache: new SharedTtlCache(link, OPTIONS) };
  return held.shared.cache;
}

/** Like cached(), and says whether the value was served stale. */
export function cachedWithMeta<T>(key: string, policy: CachePolicy, load: () => Promise<T>): Promise<CacheResult<T>> {
  return platformCache().get(key, policy, load);
}

/** The value for key from the platform cache, loading it when needed (see the top of this file). */
export async function cached<T>(key: string, policy: CachePolicy, load: () => Promise<T>): Promise<T> {
  return (await platformCache().get(key, policy, load)).value;
}

export async function peek<T>(key: string): Promise<CacheResult<T> | undefined> {
  return platformCache().peek<T>(key);
}

/** Changes a cached value in place (keeping its age); a load in flight will not overwrite it. Whether there was one. */
export async function updateCached<T>(key: string, change: (value: T) => T): Promise<boolean> {
  return platformCache().update(key, change);
}

export async function invalidate(key: string): Promise<void> {
  await platformCache().invalidate(key);
}

/**
 * Drops every key under `prefix`, which ends with ":" after at least two parts ("guild:{id}:",
 * "guild:{id}:search:"): the shared cache indexes those (shared-cache.ts indexedPrefixes).
 */
export async function invalidatePrefix(prefix: string): Promise<void> {
  if (!/^[^:]+:.*:$/.test(prefix)) throw new Error(`invalidatePrefix("${prefix}"): a prefix ends with ":" after at least two parts`);
  await platformCache().invalidatePrefix(prefix);
}

/** Empties this process's cache (tests, and after configuration changes); Redis keeps the shared values. */
export function clearCache(): void {
  const held = stores();
  held.local?.clear();
  held.shared?.cache.clear();
}

/** Tests only: ages the in-process cache by ms so entries expire without waiting. */
export function ageCacheForTests(ms: number): void {
  stores().local?.age(ms);
}
