import "server-only";

import { randomUUID } from "node:crypto";

import { decodeJson, encodeJson } from "@/lib/redis/json-with-sets";
import type { RedisClient, RedisLink } from "@/lib/redis/link";
import { luaScript, runScript } from "@/lib/redis/script";
import { keepSubscribed } from "@/lib/redis/subscription";

import { isTransientPlatformError, PlatformError, type PlatformErrorKind } from "./errors";
import { TtlCache, type CachePolicy, type CacheResult, type TtlCacheOptions } from "./ttl-cache";

// The platform cache of every instance, in Redis (REDIS_URL), with the rules of the in-process
// TtlCache (ttl-cache.ts): fresh values served as they are, stale ones while a reload fails or is
// slow, failures remembered for their backoff. What changes is the scope of each rule:
//  - Values, failures and backoffs are Redis keys, so an instance serves what another loaded.
//    Their timestamps decide; a key's own expiry only frees the memory of the stale ones.
//  - Singleflight across instances: the caller that finds nothing usable takes a short lock
//    key for it and loads; the others wait until it lands (a message on `landed`, published by
//    the same script that stores the value or the failure), then read it. A lock outlives a
//    platform call's deadline (rest.ts), so it runs out only after a dead instance: the next
//    caller then loads. Callers of one instance share one wait or load, as in process.
//  - invalidate() and update() drop the key's lock, so a load they overtook stores nothing, on
//    any instance. invalidatePrefix() finds a prefix's keys through an index written with each
//    lock and value ("guild:{id}:" and every longer prefix ending with ":").
//  - Redis down: this instance serves from an in-process TtlCache (one instance's view, as
//    without REDIS_URL), emptied when Redis is back; invalidations made meanwhile are sent then.
// Scripts name their keys from the namespace: one Redis server (or a primary), not a cluster.

export interface SharedCacheOptions extends TtlCacheOptions {
  /** Prefix of every key (tests give each case its own). */
  namespace?: string;
  /** How long a load holds its key's lock: longer than a platform call (rest.ts REQUEST_DEADLINE_MS, 3 s). */
  lockMs?: number;
}

type Entry = { value: unknown; fetchedAt: number; freshUntil: number; usableUntil: number };
type Failure = { until: number; message: string; kind: PlatformErrorKind; status: number; code?: number; retryAfter?: number };
/** The value, failure and backoff keys of one key as read (`stored`: as Redis returned them, "" for none). */
type Read = { raw: string | null; entry: Entry | null; failure: Failure | null; backoffUntil: number; stored: [string, string, string] };
/** This instance's callers of one key: their shared read, and the load or wait that follows it. */
type Flight = { startedAt: number; overtaken: boolean; read: Promise<Read>; result: Promise<CacheResult<unknown>> };

const DEFAULT_NAMESPACE = "guildhall:platform:";
/** Where landings are announced, as the namespace and key: one subscription per link, whatever the namespaces. */
const LANDED_CHANNEL = "guildhall:platform-landed";
const DEFAULT_LOCK_MS = 5000;

// KEYS: lock, value, failure, backoff, then the prefix indexes. ARGV: token, lock ms, key, then the
// value, failure and backoff as the caller read them. 1 when taken; the holder's token when another
// load holds it; 0 when something landed since the caller's read (it reads again instead of loading).
const ACQUIRE = luaScript(`
local current = redis.call('MGET', KEYS[2], KEYS[3], KEYS[4])
for i = 1, 3 do
  if (current[i] or '') ~= ARGV[3 + i] then return 0 end
end
if not redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return redis.call('GET', KEYS[1]) end
for i = 5, #KEYS do
  redis.call('SADD', KEYS[i], ARGV[3])
  if redis.call('PTTL', KEYS[i]) < tonumber(ARGV[2]) then redis.call('PEXPIRE', KEYS[i], ARGV[2]) end
end
return 1
`);

// KEYS: lock, value, failure, backoff, then the prefix indexes. ARGV: token, mode, payload, ms, key, channel, message.
// Only while the lock is still this load's: stores the value (mode "value"), the failure, or the
// backoff, or nothing ("release"), frees the lock and tells the waiters.
const SETTLE = luaScript(`
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('DEL', KEYS[1])
local mode = ARGV[2]
if mode == 'value' then
  redis.call('DEL', KEYS[3], KEYS[4])
  redis.call('SET', KEYS[2], ARGV[3], 'PX', ARGV[4])
  for i = 5, #KEYS do
    redis.call('SADD', KEYS[i], ARGV[5])
    if redis.call('PTTL', KEYS[i]) < tonumber(ARGV[4]) then redis.call('PEXPIRE', KEYS[i], ARGV[4]) end
  end
elseif mode == 'failure' then
  redis.call('SET', KEYS[3], ARGV[3], 'PX', ARGV[4])
elseif mode == 'backoff' then
  redis.call('SET', KEYS[4], ARGV[3], 'PX', ARGV[4])
end
redis.call('PUBLISH', ARGV[6], ARGV[7])
return 1
`);

// KEYS: value, lock. ARGV: the value read, the changed value, message, channel. The lock goes either
// way (a load in flight must not overwrite the change); the value only if nobody changed it since.
const UPDATE = luaScript(`
local dropped = redis.call('DEL', KEYS[2])
if dropped > 0 then redis.call('PUBLISH', ARGV[4], ARGV[3]) end
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[2], 'KEEPTTL')
return 1
`);

// KEYS: value, lock, failure, backoff. ARGV: message, channel.
const DROP = luaScript(`
redis.call('DEL', KEYS[1], KEYS[2], KEYS[3], KEYS[4])
redis.call('PUBLISH', ARGV[2], ARGV[1])
return 1
`);

// KEYS: the prefix's index. ARGV: namespace, channel.
const DROP_PREFIX = luaScript(`
for _, key in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  redis.call('DEL', ARGV[1] .. 'v:' .. key, ARGV[1] .. 'lock:' .. key, ARGV[1] .. 'fail:' .. key, ARGV[1] .. 'backoff:' .. key)
  redis.call('PUBLISH', ARGV[2], ARGV[1] .. key)
end
redis.call('DEL', KEYS[1])
return 1
`);

/** The prefixes of a key that invalidatePrefix() can drop: each ending with ":" from the second on. */
export function indexedPrefixes(key: string): string[] {
  const prefixes: string[] = [];
  let colons = 0;
  for (let index = 0; index < key.length; index++) {
    if (key[index] !== ":") continue;
    if (++colons >= 2) prefixes.push(key.slice(0, index + 1));
  }
  return prefixes;
}

export class SharedTtlCache {
  readonly #link: RedisLink;
  readonly #local: TtlCache;
  readonly #flights = new Map<string, Flight>();
  readonly #waiters = new Map<string, Set<() => void>>();
  readonly #namespace: string;
  readonly #channel: string;
  readonly #lockMs: number;
  readonly #failureBackoffMs: number;
  readonly #slowAfterMs: number;
  readonly #now: () => number;
  /** Resolves once this instance hears landings (tests wait for it; callers never need to). */
  readonly listening: Promise<void>;

  constructor(link: RedisLink, options: SharedCacheOptions = {}) {
    this.#link = link;
    this.#local = new TtlCache(options);
    this.#namespace = options.namespace ?? DEFAULT_NAMESPACE;
    this.#channel = LANDED_CHANNEL;
    this.#lockMs = options.lockMs ?? DEFAULT_LOCK_MS;
    this.#failureBackoffMs = options.failureBackoffMs ?? 1000;
    this.#slowAfterMs = options.slowAfterMs ?? Number.POSITIVE_INFINITY;
    this.#now = options.now ?? Date.now;
    this.listening = keepSubscribed(link, this.#channel, (message) => {
      if (message.startsWith(this.#namespace)) this.#landed(message.slice(this.#namespace.length));
    });
    // What this instance kept while Redis was down may have changed elsewhere meanwhile.
    link.onReady(() => this.#local.clear());
  }

  async get<T>(key: string, policy: CachePolicy, load: () => Promise<T>): Promise<CacheResult<T>> {
    if (!this.#link.isUp()) return this.#local.get(key, policy, load);
    const flight = this.#flights.get(key) ?? this.#start(key, policy, load);
    let read: Read;
    try {
      read = await flight.read;
    } catch {
      return this.#local.get(key, policy, load);
    }
    const now = this.#now();
    const usable = read.entry && now < read.entry.usableUntil ? read.entry : null;
    const result = flight.result as Promise<CacheResult<T>>;
    if (!usable || !Number.isFinite(this.#slowAfterMs)) return result;
    // The wait counts from the reload's start: a caller joining a reload that is already slow is not held again.
    return withinBudget(usable, result, flight.startedAt + this.#slowAfterMs - now);
  }

  /** One read (and, when needed, one load or wait) for every caller of this instance asking for the key meanwhile. */
  #start<T>(key: string, policy: CachePolicy, load: () => Promise<T>): Flight {
    const flight: Flight = { startedAt: this.#now(), overtaken: false, read: this.#read(key), result: Promise.resolve(undefined as never) };
    this.#flights.set(key, flight);
    flight.result = this.#answer(key, policy, load, flight).finally(() => {
      if (this.#flights.get(key) === flight) this.#flights.delete(key);
    });
    return flight;
  }

  async #answer<T>(key: string, policy: CachePolicy, load: () => Promise<T>, flight: Flight): Promise<CacheResult<T>> {
    let read: Read;
    try {
      read = await flight.read;
    } catch {
      return this.#local.get(key, policy, load);
    }
    const keys = [this.#key("lock", key), this.#key("v", key), this.#key("fail", key), this.#key("backoff", key), ...this.#indexes(key)];
    for (;;) {
      const answered = this.#answerFrom<T>(read);
      if (answered) return answered;
      const usable = read.entry && this.#now() < read.entry.usableUntil ? read.entry : null;
      const token = `${this.#now()}:${randomUUID()}`;
      try {
        const holder = await runScript(this.#link.client, ACQUIRE, keys, [token, this.#lockMs, key, ...read.stored]);
        if (holder === 1) return this.#loadHoldingLock(key, policy, load, usable, token, flight);
        if (typeof holder === "string") {
          // Another instance loads: later callers of this one wait no longer than for their own load.
          flight.startedAt = Math.min(flight.startedAt, Number(holder.split(":")[0]));
          await this.#landing(key);
        }
        // Landed (or ran out), or changed since the read: read again.
        read = await this.#read(key);
      } catch {
        return this.#local.get(key, policy, load);
      }
    }
  }

  /** What a read answers without a load: a fresh value, a usable one while backing off, a remembered failure. */
  #answerFrom<T>(read: Read): CacheResult<T> | null {
    const now = this.#now();
    const { entry } = read;
    const usable = entry !== null && now < entry.usableUntil;
    if (entry && now < entry.freshUntil) return hit<T>(entry, false);
    if (entry && usable && now < read.backoffUntil) return hit<T>(entry, true);
    if (read.failure && now < read.failure.until && !usable) throw revive(read.failure);
    return null;
  }

  async #loadHoldingLock<T>(key: string, policy: CachePolicy, load: () => Promise<T>, usable: Entry | null, token: string, flight: Flight): Promise<CacheResult<T>> {
    let value: T;
    try {
      value = await load();
    } catch (error) {
      const now = this.#now();
      if (!isTransientPlatformError(error) || flight.overtaken) {
        await this.#settle(key, token, "release", "", 1);
        throw error;
      }
      const backoff = error.retryAfter !== undefined ? error.retryAfter * 1000 : this.#failureBackoffMs;
      if (usable && now < usable.usableUntil) {
        await this.#settle(key, token, "backoff", String(now + backoff), backoff);
        return hit<T>(usable, true);
      }
      await this.#settle(key, token, "failure", JSON.stringify(failureOf(error, now + backoff)), backoff);
      throw error;
    }
    const fetchedAt = this.#now();
    // A load overtaken by invalidate()/update() here answers its callers but stores nothing.
    if (flight.overtaken) {
      await this.#settle(key, token, "release", "", 1);
      return { value, stale: false, fetchedAt };
    }
    const entry: Entry = { value, fetchedAt, freshUntil: fetchedAt + policy.ttlMs, usableUntil: fetchedAt + Math.max(policy.ttlMs, policy.staleMs) };
    await this.#settle(key, token, "value", encodeJson(entry), entry.usableUntil - fetchedAt);
    return { value, stale: false, fetchedAt };
  }

  /** Stores what a load came to, if its lock still holds; Redis failing now only loses the sharing. */
  async #settle(key: string, token: string, mode: "value" | "failure" | "backoff" | "release", payload: string, ms: number): Promise<void> {
    const keys = [this.#key("lock", key), this.#key("v", key), this.#key("fail", key), this.#key("backoff", key), ...this.#indexes(key)];
    await runScript(this.#link.client, SETTLE, keys, [token, mode, payload, Math.max(1, Math.ceil(ms)), key, this.#channel, this.#namespace + key]).catch(() => undefined);
  }

  /** Resolves when a value, failure or release for the key is published, or when its lock runs out. */
  async #landing(key: string): Promise<void> {
    let wake!: () => void;
    const landed = new Promise<void>((resolve) => (wake = resolve));
    const waiting = this.#waiters.get(key) ?? new Set();
    this.#waiters.set(key, waiting);
    waiting.add(wake);
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      // Asked after listening: a landing published before this answer was already heard.
      const left = await this.#link.client.pTTL(this.#key("lock", key));
      if (left < 0) return;
      timer = setTimeout(wake, left);
      await landed;
    } finally {
      clearTimeout(timer);
      waiting.delete(wake);
      if (waiting.size === 0 && this.#waiters.get(key) === waiting) this.#waiters.delete(key);
    }
  }

  #landed(key: string): void {
    for (const wake of [...(this.#waiters.get(key) ?? [])]) wake();
  }

  async #read(key: string): Promise<Read> {
    const [raw, failure, backoff] = await this.#link.client.mGet([this.#key("v", key), this.#key("fail", key), this.#key("backoff", key)]);
    return {
      stored: [raw ?? "", failure ?? "", backoff ?? ""],
      raw: raw ?? null,
      entry: raw ? decodeJson<Entry>(raw) : null,
      failure: failure ? (JSON.parse(failure) as Failure) : null,
      backoffUntil: backoff ? Number(backoff) : 0,
    };
  }

  /** The cached value without loading (stale when past its ttl), or undefined. */
  async peek<T>(key: string): Promise<CacheResult<T> | undefined> {
    if (!this.#link.isUp()) return this.#local.peek<T>(key);
    const raw = await this.#link.client.get(this.#key("v", key)).catch(() => undefined);
    if (raw === undefined) return this.#local.peek<T>(key);
    if (raw === null) return undefined;
    const entry = decodeJson<Entry>(raw);
    const now = this.#now();
    if (now >= entry.usableUntil) return undefined;
    return { value: entry.value as T, stale: now >= entry.freshUntil, fetchedAt: entry.fetchedAt };
  }

  /** Replaces a cached value in place (keeping its age); a load in flight on any instance will not overwrite it. */
  async update<T>(key: string, change: (value: T) => T): Promise<boolean> {
    const updatedHere = this.#local.update(key, change);
    this.#overtake(key);
    if (!this.#link.isUp()) return updatedHere;
    try {
      // Another instance changing it between the read and the write makes the script refuse: read again.
      for (let attempt = 0; attempt < 3; attempt++) {
        const { raw, entry } = await this.#read(key);
        const changed = entry && this.#now() < entry.usableUntil ? encodeJson({ ...entry, value: change(entry.value as T) }) : "";
        const written = await runScript(this.#link.client, UPDATE, [this.#key("v", key), this.#key("lock", key)], [raw ?? "", changed, this.#namespace + key, this.#channel]);
        if (!changed) return false;
        if (Number(written) === 1) return true;
      }
    } catch {
      // Down: the in-process copy took the change; Redis's expires with its ttl.
    }
    return false;
  }

  async invalidate(key: string): Promise<void> {
    this.#local.invalidate(key);
    this.#overtake(key);
    const keys = [this.#key("v", key), this.#key("lock", key), this.#key("fail", key), this.#key("backoff", key)];
    await this.#link.replayWhenBack(`${this.#namespace}drop:${key}`, (client) => runScript(client, DROP, keys, [this.#namespace + key, this.#channel]));
  }

  async invalidatePrefix(prefix: string): Promise<void> {
    this.#local.invalidatePrefix(prefix);
    for (const key of [...this.#flights.keys()]) if (key.startsWith(prefix)) this.#overtake(key);
    const index = this.#key("prefix", prefix);
    await this.#link.replayWhenBack(`${this.#namespace}drop-prefix:${prefix}`, (client: RedisClient) => runScript(client, DROP_PREFIX, [index], [this.#namespace, this.#channel]));
  }

  /** This instance's part only: the in-process copy and the loads it waits for (Redis keeps the shared values). */
  clear(): void {
    this.#local.clear();
    this.#flights.clear();
  }

  /** The key's load in flight here, if any, stores nothing; the next caller starts anew. */
  #overtake(key: string): void {
    const flight = this.#flights.get(key);
    if (flight) flight.overtaken = true;
    this.#flights.delete(key);
  }

  #key(kind: "v" | "lock" | "fail" | "backoff" | "prefix", key: string): string {
    return `${this.#namespace}${kind}:${key}`;
  }

  #indexes(key: string): string[] {
    return indexedPrefixes(key).map((prefix) => this.#key("prefix", prefix));
  }
}

function hit<T>(entry: Entry, stale: boolean): CacheResult<T> {
  return { value: entry.value as T, stale, fetchedAt: entry.fetchedAt };
}

/** The reload's answer if it comes in time, else the value we already have, marked stale. */
function withinBudget<T>(entry: Entry, reload: Promise<CacheResult<T>>, waitMs: number): Promise<CacheResult<T>> {
  // The background reload may still fail after we answered: that is only logged by its own callers.
  reload.catch(() => undefined);
  if (waitMs <= 0) return Promise.resolve(hit<T>(entry, true));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const slow = new Promise<CacheResult<T>>((resolve) => {
    timer = setTimeout(() => resolve(hit<T>(entry, true)), waitMs);
    timer.unref?.();
  });
  return Promise.race([reload, slow]).finally(() => clearTimeout(timer));
}

function failureOf(error: PlatformError, until: number): Failure {
  return {
    until,
    message: error.message,
    kind: error.kind,
    status: error.status,
    ...(error.code !== undefined ? { code: error.code } : {}),
    ...(error.retryAfter !== undefined ? { retryAfter: error.retryAfter } : {}),
  };
}

/** The error another instance's load failed with, as a PlatformError of this one. */
function revive(failure: Failure): PlatformError {
  const { until: _until, message, ...init } = failure;
  return new PlatformError(message, init);
}
