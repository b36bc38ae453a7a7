import "server-only";

import { isTransientPlatformError } from "./errors";

// In-process TTL cache with singleflight: the platform's reads (lib/platform/cache.ts; in Redis
// with REDIS_URL, lib/platform/shared-cache.ts, which keeps these rules) and the social providers'.
//  - N concurrent calls for one key share one load().
//  - A fresh entry (younger than ttlMs) is served without a load.
//  - After ttlMs the next call loads again; when that load fails with a transient
//    PlatformError (429, 5xx, timeout, network) and the entry is younger than
//    staleMs, the old value is served with `stale: true`. Any other error is thrown.
//  - After such a failure the stale value is served without new loads for a short
//    backoff (the platform's retry_after for a 429), so an outage is not hammered.
//    With nothing to serve, the failure itself is remembered for that backoff and
//    thrown again without a call: five page loads during an outage make one call per key.
//  - A slow platform never holds a page: when an expired-but-usable value exists and the
//    reload has not answered within `slowAfterMs`, the old value is served (stale) and
//    the reload goes on in the background, storing its answer for the next caller.
//  - Size is bounded; the least recently used entries are evicted first.

export interface CachePolicy {
  /** How long a loaded value is served without asking the platform again. */
  ttlMs: number;
  /** Age (since it was loaded) up to which a value may stand in when a reload fails. */
  staleMs: number;
}

export interface CacheResult<T> {
  value: T;
  /** True when the platform could not be reached and an older value was served. */
  stale: boolean;
  /** When the value was loaded from the platform (ms epoch). */
  fetchedAt: number;
}

export interface TtlCacheOptions {
  maxEntries?: number;
  /** Backoff after a transient failure when the platform gave no retry_after. */
  failureBackoffMs?: number;
  /** How long a caller waits for a reload before an older value is served instead. */
  slowAfterMs?: number;
  now?: () => number;
}

interface Entry {
  value: unknown;
  fetchedAt: number;
  freshUntil: number;
  usableUntil: number;
  backoffUntil: number;
}

interface Flight {
  promise: Promise<CacheResult<unknown>>;
  startedAt: number;
}

interface Failure {
  error: unknown;
  until: number;
}

export class TtlCache {
  readonly #entries = new Map<string, Entry>();
  readonly #inflight = new Map<string, Flight>();
  readonly #failures = new Map<string, Failure>();
  readonly #maxEntries: number;
  readonly #failureBackoffMs: number;
  readonly #slowAfterMs: number;
  readonly #now: () => number;

  constructor(options: TtlCacheOptions = {}) {
    this.#maxEntries = Math.max(1, options.maxEntries ?? 5000);
    this.#failureBackoffMs = options.failureBackoffMs ?? 1000;
    this.#slowAfterMs = options.slowAfterMs ?? Number.POSITIVE_INFINITY;
    this.#now = options.now ?? Date.now;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The value for key, loading it at most once however many callers ask at the same time. */
  get<T>(key: string, policy: CachePolicy, load: () => Promise<T>): Promise<CacheResult<T>> {
    const now = this.#now();
    const entry = this.#entries.get(key);
    if (entry) {
      if (now < entry.freshUntil) return Promise.resolve(this.#hit<T>(key, entry, false));
      if (now < entry.backoffUntil && now < entry.usableUntil) return Promise.resolve(this.#hit<T>(key, entry, true));
    }
    const failure = this.#failures.get(key);
    if (failure && now < failure.until && !(entry && now < entry.usableUntil)) return Promise.reject(failure.error);
    let pending = this.#inflight.get(key);
    if (!pending) {
      pending = { promise: Promise.resolve(undefined as never), startedAt: now };
      this.#inflight.set(key, pending);
      pending.promise = this.#run(key, pending, policy, load);
    }
    const reload = pending.promise as Promise<CacheResult<T>>;
    if (!entry || now >= entry.usableUntil || !Number.isFinite(this.#slowAfterMs)) return reload;
    // The wait counts from the reload's start: a caller joining a reload that is already slow is not held again.
    return this.#withinBudget(key, entry, reload, pending.startedAt + this.#slowAfterMs - now);
  }

  /** The reload's answer if it comes in time, else the value we already have, marked stale. */
  #withinBudget<T>(key: string, entry: Entry, reload: Promise<CacheResult<T>>, waitMs: number): Promise<CacheResult<T>> {
    if (waitMs <= 0) {
      reload.catch(() => undefined);
      return Promise.resolve(this.#hit<T>(key, entry, true));
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const slow = new Promise<CacheResult<T>>((resolve) => {
      timer = setTimeout(() => resolve(this.#hit<T>(key, entry, true)), waitMs);
      timer.unref?.();
    });
    // The background reload may still fail after we answered: that is only logged by its own callers.
    reload.catch(() => undefined);
    return Promise.race([reload, slow]).finally(() => clearTimeout(timer));
  }

  async #run<T>(key: string, flight: Flight, policy: CachePolicy, load: () => Promise<T>): Promise<CacheResult<T>> {
    try {
      const value = await load();
      const fetchedAt = this.#now();
      // A load overtaken by invalidate()/update() must not write back what it read before.
      if (this.#inflight.get(key) === flight) this.#store(key, value, fetchedAt, policy);
      this.#failures.delete(key);
      return { value, stale: false, fetchedAt };
    } catch (error) {
      if (isTransientPlatformError(error)) {
        const now = this.#now();
        const backoff = error.retryAfter !== undefined ? error.retryAfter * 1000 : this.#failureBackoffMs;
        const entry = this.#entries.get(key);
        if (entry && now < entry.usableUntil) {
          entry.backoffUntil = now + backoff;
          return this.#hit<T>(key, entry, true);
        }
        this.#rememberFailure(key, error, now + backoff);
      }
      throw error;
    } finally {
      if (this.#inflight.get(key) === flight) this.#inflight.delete(key);
    }
  }

  #rememberFailure(key: string, error: unknown, until: number): void {
    this.#failures.delete(key);
    this.#failures.set(key, { error, until });
    while (this.#failures.size > this.#maxEntries) {
      const oldest = this.#failures.keys().next();
      if (oldest.done) break;
      this.#failures.delete(oldest.value);
    }
  }

  #hit<T>(key: string, entry: Entry, stale: boolean): CacheResult<T> {
    // Re-insert so that Map order is least-recently-used first.
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return { value: entry.value as T, stale, fetchedAt: entry.fetchedAt };
  }

  #store(key: string, value: unknown, fetchedAt: number, policy: CachePolicy): void {
    this.#entries.delete(key);
    this.#entries.set(key, {
      value,
      fetchedAt,
      freshUntil: fetchedAt + policy.ttlMs,
      usableUntil: fetchedAt + Math.max(policy.ttlMs, policy.staleMs),
      backoffUntil: 0,
    });
    while (this.#entries.size > this.#maxEntries) {
      const oldest = this.#entries.keys().next();
      if (oldest.done) break;
      this.#entries.delete(oldest.value);
    }
  }

  /** The cached value without loading (stale when past its ttl), or undefined. */
  peek<T>(key: string): CacheResult<T> | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    const now = this.#now();
    if (now >= entry.usableUntil) {
      this.#entries.delete(key);
      return undefined;
    }
    return { value: entry.value as T, stale: now >= entry.freshUntil, fetchedAt: entry.fetchedAt };
  }

  /**
   * Replaces a cached value in place (keeping its age), e.g. to add a guild the bot
   * just joined to the cached list. A load already in flight will not overwrite it.
   * Returns whether an entry was there to update.
   */
  update<T>(key: string, change: (value: T) => T): boolean {
    this.#inflight.delete(key);
    const entry = this.#entries.get(key);
    if (!entry || this.#now() >= entry.usableUntil) return false;
    entry.value = change(entry.value as T);
    return true;
  }

  invalidate(key: string): void {
    this.#entries.delete(key);
    this.#inflight.delete(key);
    this.#failures.delete(key);
  }

  invalidatePrefix(prefix: string): void {
    for (const map of [this.#entries, this.#inflight, this.#failures]) {
      for (const key of [...map.keys()]) if (key.startsWith(prefix)) map.delete(key);
    }
  }

  clear(): void {
    this.#entries.clear();
    this.#inflight.clear();
    this.#failures.clear();
  }

  /** Makes every entry ms older, as if that much time had passed (tests of expiry against real servers). */
  age(ms: number): void {
    for (const entry of this.#entries.values()) {
      entry.fetchedAt -= ms;
      entry.freshUntil -= ms;
      entry.usableUntil -= ms;
      entry.backoffUntil -= ms;
    }
    for (const failure of this.#failures.values()) failure.until -= ms;
  }
}
