/** @jest-environment node */
import { clock, platformCacheCases, policy } from "@/test/platform-cache-cases";
import { TtlCache } from "./ttl-cache";

describe("TtlCache", () => {
  // The same cases run against the cache shared through Redis (test/integration/redis-platform-cache.test.ts).
  platformCacheCases((options) => new TtlCache(options));

  it("evicts the least recently used entries beyond maxEntries", async () => {
    const cache = new TtlCache({ maxEntries: 3 });
    for (const key of ["a", "b", "c"]) await cache.get(key, policy, async () => key);
    await cache.get("a", policy, async () => "reloaded"); // a is now the most recent
    await cache.get("d", policy, async () => "d");
    expect(cache.size).toBe(3);
    expect(cache.peek("b")).toBeUndefined();
    expect(cache.peek("a")?.value).toBe("a");
    expect(cache.peek("c")?.value).toBe("c");
    expect(cache.peek("d")?.value).toBe("d");
  });
});

describe("age", () => {
  it("expires entries as if time had passed", async () => {
    // A stopped clock: only age() moves time here (with the real one, a millisecond spent
    // between get() and peek() made the entry stale a step early, seen once in CI).
    const cache = new TtlCache({ now: clock().now });
    await cache.get("k", policy, async () => "v");
    cache.age(999);
    expect(cache.peek("k")?.stale).toBe(false);
    cache.age(1);
    expect(cache.peek("k")?.stale).toBe(true);
    cache.age(9000);
    expect(cache.peek("k")).toBeUndefined();
  });
});
