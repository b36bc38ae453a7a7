// Tests only: what the platform cache does, for any store: the in-process TtlCache
// (lib/platform/ttl-cache.test.ts) and the shared one in Redis
// (test/integration/redis-platform-cache.test.ts). `make` builds a fresh, empty cache per case.
import { PlatformError } from "@/lib/platform/errors";
import type { CachePolicy, CacheResult, TtlCacheOptions } from "@/lib/platform/ttl-cache";

/** What both stores offer; the in-process one answers some of these synchronously. */
export interface CacheStore {
  get<T>(key: string, policy: CachePolicy, load: () => Promise<T>): Promise<CacheResult<T>>;
  peek<T>(key: string): CacheResult<T> | undefined | Promise<CacheResult<T> | undefined>;
  update<T>(key: string, change: (value: T) => T): boolean | Promise<boolean>;
  invalidate(key: string): void | Promise<void>;
  invalidatePrefix(prefix: string): void | Promise<void>;
}

export const policy = { ttlMs: 1000, staleMs: 10_000 };

export function clock(start = 1_000_000) {
  let now = start;
  return {
    now: () => now,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const serverError = () => new PlatformError("upstream 503", { kind: "server", status: 503 });

export function platformCacheCases(make: (options?: TtlCacheOptions) => CacheStore): void {
  it("makes one load for 10 concurrent calls (singleflight)", async () => {
    const cache = make();
    const gate = deferred<string>();
    const load = jest.fn(() => gate.promise);
    const calls = Array.from({ length: 10 }, () => cache.get("k", policy, load));
    gate.resolve("v");
    const results = await Promise.all(calls);
    expect(load).toHaveBeenCalledTimes(1);
    expect(results.map((result) => result.value)).toEqual(Array(10).fill("v"));
    expect(results.every((result) => !result.stale)).toBe(true);
  });

  it("serves a fresh entry without loading, and reloads after the ttl", async () => {
    const time = clock();
    const cache = make({ now: time.now });
    let n = 0;
    const load = jest.fn(async () => ++n);
    expect((await cache.get("k", policy, load)).value).toBe(1);
    time.advance(999);
    expect((await cache.get("k", policy, load)).value).toBe(1);
    expect(load).toHaveBeenCalledTimes(1);
    time.advance(1);
    expect(await cache.get("k", policy, load)).toEqual({ value: 2, stale: false, fetchedAt: time.now() });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("shares one failed load among concurrent callers and caches no value", async () => {
    const time = clock();
    const cache = make({ now: time.now, failureBackoffMs: 1000 });
    const load = jest.fn(async () => {
      throw serverError();
    });
    const calls = Array.from({ length: 5 }, () => cache.get("k", policy, load));
    const settled = await Promise.allSettled(calls);
    expect(load).toHaveBeenCalledTimes(1);
    expect(settled.every((s) => s.status === "rejected" && s.reason instanceof PlatformError)).toBe(true);
    time.advance(1000);
    await expect(cache.get("k", policy, async () => "ok")).resolves.toMatchObject({ value: "ok" });
  });

  it("serves the stale value, marked stale, when the reload fails with a 503", async () => {
    const time = clock();
    const cache = make({ now: time.now });
    await cache.get("k", policy, async () => "old");
    const loadedAt = time.now();
    time.advance(5000);
    const result = await cache.get("k", policy, async () => {
      throw serverError();
    });
    expect(result).toEqual({ value: "old", stale: true, fetchedAt: loadedAt });
  });

  it.each([
    ["rate_limited", 429],
    ["timeout", 504],
    ["network", 502],
  ] as const)("serves stale on %s too", async (kind, status) => {
    const time = clock();
    const cache = make({ now: time.now });
    await cache.get("k", policy, async () => "old");
    time.advance(2000);
    const result = await cache.get("k", policy, async () => {
      throw new PlatformError(kind, { kind, status });
    });
    expect(result.stale).toBe(true);
    expect(result.value).toBe("old");
  });

  it("throws non-transient errors even when a stale value exists", async () => {
    const time = clock();
    const cache = make({ now: time.now });
    await cache.get("k", policy, async () => "old");
    time.advance(2000);
    const forbidden = new PlatformError("no access", { kind: "forbidden", status: 403 });
    await expect(cache.get("k", policy, async () => Promise.reject(forbidden))).rejects.toBe(forbidden);
    const bug = new TypeError("x is undefined");
    await expect(cache.get("k", policy, async () => Promise.reject(bug))).rejects.toBe(bug);
  });

  it("throws the transient error once the stale value is older than staleMs", async () => {
    const time = clock();
    const cache = make({ now: time.now });
    await cache.get("k", policy, async () => "old");
    time.advance(10_000);
    await expect(cache.get("k", policy, async () => Promise.reject(serverError()))).rejects.toMatchObject({
      kind: "server",
    });
  });

  it("backs off after a failure: stale is served without new loads until retry_after passes", async () => {
    const time = clock();
    const cache = make({ now: time.now });
    await cache.get("k", policy, async () => "old");
    time.advance(2000);
    const limited = new PlatformError("slow down", { kind: "rate_limited", status: 429, retryAfter: 3 });
    const failing = jest.fn(async () => Promise.reject(limited));
    expect((await cache.get("k", policy, failing)).stale).toBe(true);
    time.advance(2999);
    expect((await cache.get("k", policy, failing)).stale).toBe(true);
    expect(failing).toHaveBeenCalledTimes(1);
    time.advance(1);
    const fresh = await cache.get("k", policy, async () => "new");
    expect(fresh).toMatchObject({ value: "new", stale: false });
  });

  it("serves the older value within slowAfterMs while a slow reload goes on, then stores the reload", async () => {
    const time = clock();
    const cache = make({ now: time.now, slowAfterMs: 20 });
    await cache.get("k", policy, async () => "old");
    time.advance(2000);
    const gate = deferred<string>();
    const slow = jest.fn(() => gate.promise);
    const started = Date.now();
    const result = await cache.get("k", policy, slow);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(result).toMatchObject({ value: "old", stale: true });
    // A second caller joins the same reload instead of starting another one.
    await expect(cache.get("k", policy, slow)).resolves.toMatchObject({ value: "old", stale: true });
    expect(slow).toHaveBeenCalledTimes(1);
    gate.resolve("new");
    for (let tick = 0; tick < 100 && (await cache.peek("k"))?.value !== "new"; tick++) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await cache.get("k", policy, slow)).toMatchObject({ value: "new", stale: false });
    expect(slow).toHaveBeenCalledTimes(1);
  });

  it("waits for the first load when nothing is cached, however slow", async () => {
    const cache = make({ slowAfterMs: 5 });
    const gate = deferred<string>();
    const pending = cache.get("k", policy, () => gate.promise);
    setTimeout(() => gate.resolve("v"), 30);
    await expect(pending).resolves.toMatchObject({ value: "v", stale: false });
  });

  it("remembers a failure with nothing cached: callers within the backoff get it without a new load", async () => {
    const time = clock();
    const cache = make({ now: time.now, failureBackoffMs: 5000 });
    const failing = jest.fn(async () => Promise.reject(serverError()));
    for (let i = 0; i < 5; i++) await expect(cache.get("k", policy, failing)).rejects.toMatchObject({ kind: "server" });
    expect(failing).toHaveBeenCalledTimes(1);
    time.advance(5000);
    await expect(cache.get("k", policy, async () => "back")).resolves.toMatchObject({ value: "back", stale: false });
  });

  it("does not remember failures that are not transient", async () => {
    const cache = make({ failureBackoffMs: 5000 });
    const missing = new PlatformError("unknown guild", { kind: "not_found", status: 404 });
    const failing = jest.fn(async () => Promise.reject(missing));
    await expect(cache.get("k", policy, failing)).rejects.toBe(missing);
    await expect(cache.get("k", policy, failing)).rejects.toBe(missing);
    expect(failing).toHaveBeenCalledTimes(2);
  });

  it("invalidate drops an entry and makes the next call load", async () => {
    const cache = make();
    let n = 0;
    const load = async () => ++n;
    await cache.get("k", policy, load);
    await cache.invalidate("k");
    expect((await cache.peek("k"))).toBeUndefined();
    expect((await cache.get("k", policy, load)).value).toBe(2);
  });

  it("does not store a load that an invalidate overtook", async () => {
    const cache = make();
    const gate = deferred<string>();
    const first = cache.get("k", policy, () => gate.promise);
    await cache.invalidate("k");
    const second = cache.get("k", policy, async () => "after");
    gate.resolve("before");
    expect((await first).value).toBe("before");
    expect((await second).value).toBe("after");
    expect((await cache.peek("k"))?.value).toBe("after");
  });

  it("invalidatePrefix drops every matching key only", async () => {
    const cache = make();
    for (const key of ["guild:1:roles", "guild:1:channels", "guild:12:roles", "user:a:me"]) {
      await cache.get(key, policy, async () => key);
    }
    await cache.invalidatePrefix("guild:1:");
    expect((await cache.peek("guild:1:roles"))).toBeUndefined();
    expect((await cache.peek("guild:1:channels"))).toBeUndefined();
    expect((await cache.peek("guild:12:roles"))?.value).toBe("guild:12:roles");
    expect((await cache.peek("user:a:me"))?.value).toBe("user:a:me");
  });

  it("peek reports staleness without loading", async () => {
    const time = clock();
    const cache = make({ now: time.now });
    expect((await cache.peek("k"))).toBeUndefined();
    await cache.get("k", policy, async () => 1);
    expect((await cache.peek("k"))?.stale).toBe(false);
    time.advance(1000);
    expect((await cache.peek("k"))?.stale).toBe(true);
    time.advance(9000);
    expect((await cache.peek("k"))).toBeUndefined();
  });

  it("update changes a value in place and wins over a load in flight", async () => {
    const time = clock();
    const cache = make({ now: time.now });
    await cache.get("ids", policy, async () => ["a"]);
    time.advance(1500);
    const gate = deferred<string[]>();
    const inflight = cache.get("ids", policy, () => gate.promise);
    expect(await cache.update<string[]>("ids", (ids) => [...ids, "b"])).toBe(true);
    gate.resolve(["a"]);
    await inflight;
    expect((await cache.peek<string[]>("ids"))?.value).toEqual(["a", "b"]);
    expect(await cache.update("missing", (value: unknown) => value)).toBe(false);
  });

  it("turns a synchronous throw in load into a rejection and does not wedge the key", async () => {
    const cache = make();
    const load = (() => {
      throw new Error("sync");
    }) as unknown as () => Promise<string>;
    await expect(cache.get("k", policy, load)).rejects.toThrow("sync");
    await expect(cache.get("k", policy, async () => "ok")).resolves.toMatchObject({ value: "ok" });
  });
}
