/** @jest-environment node */
// The platform cache shared through Redis (lib/platform/shared-cache.ts). Two links to one
// redis-server stand for two instances of the app. The cache keeps the in-process rules (the
// cases of lib/platform/ttl-cache.test.ts run here too), and across instances: one load per key
// (counted on the platform emulator), values, failures and invalidations seen by both, a dead
// instance's lock running out.
import { Routes, type RESTGetAPIGuildResult } from "discord-api-types/v10";
import { GUILD_IDS } from "@/emulators/platform/data/ids";
import { getGuild, guildKey } from "@/lib/platform/bot-api";
import { PlatformError } from "@/lib/platform/errors";
import { botGet } from "@/lib/platform/rest";
import { SharedTtlCache, type SharedCacheOptions } from "@/lib/platform/shared-cache";
import type { RedisLink } from "@/lib/redis/link";
import { redisLink } from "@/lib/redis/process-link";
import { startEmulatorHarness, type EmulatorHarness } from "@/test/emulator-harness";
import { deferred, platformCacheCases, policy } from "@/test/platform-cache-cases";
import { linkUp, startRedisHarness, type RedisHarness } from "@/test/redis-harness";
import { withEnv } from "@/test/set-env";

let redis: RedisHarness;
let instanceA: RedisLink;
let instanceB: RedisLink;
let namespaces = 0;

/** The cache of one instance; both instances of a case share a namespace of their own. */
function cacheOf(link: RedisLink, namespace: string, options: SharedCacheOptions = {}): SharedTtlCache {
  return new SharedTtlCache(link, { namespace, ...options });
}
const freshNamespace = () => `test:${process.pid}:${++namespaces}:`;

beforeAll(async () => {
  redis = await startRedisHarness();
  instanceA = redis.link();
  instanceB = redis.link();
  await Promise.all([linkUp(instanceA), linkUp(instanceB)]);
  // Each link subscribes to landings once; caches made later on it hear them at once.
  await Promise.all([cacheOf(instanceA, "warm-up:").listening, cacheOf(instanceB, "warm-up:").listening]);
});
afterAll(() => redis.stop());

describe("the in-process rules, kept in Redis", () => {
  platformCacheCases((options) => cacheOf(instanceA, freshNamespace(), options));
});

describe("across two instances", () => {
  let namespace: string;
  beforeEach(() => {
    namespace = freshNamespace();
  });

  it("makes one load for concurrent callers on both; the waiting instance reads the value when it lands", async () => {
    const [a, b] = [cacheOf(instanceA, namespace), cacheOf(instanceB, namespace)];
    const gate = deferred<string>();
    let loads = 0;
    let started!: () => void;
    const loading = new Promise<void>((resolve) => (started = resolve));
    const load = () => {
      loads++;
      started();
      return gate.promise;
    };
    const calls = [a.get("k", policy, load), a.get("k", policy, load)];
    // A holds the lock and loads: B's callers wait for it.
    await loading;
    calls.push(b.get("k", policy, load), b.get("k", policy, load));
    gate.resolve("v");
    const results = await Promise.all(calls);
    expect(loads).toBe(1);
    expect(results.map((result) => result.value)).toEqual(["v", "v", "v", "v"]);
    expect((await b.get("k", policy, load)).value).toBe("v");
    expect(loads).toBe(1);
  });

  it("serves what one instance loaded to the other without a load, until its ttl", async () => {
    const [a, b] = [cacheOf(instanceA, namespace), cacheOf(instanceB, namespace)];
    await a.get("guild:1:roles", policy, async () => ["everyone"]);
    const load = jest.fn(async () => ["other"]);
    await expect(b.get("guild:1:roles", policy, load)).resolves.toMatchObject({ value: ["everyone"], stale: false });
    expect(load).not.toHaveBeenCalled();
  });

  it("keeps Sets as Sets (the bot's guild ids)", async () => {
    const [a, b] = [cacheOf(instanceA, namespace), cacheOf(instanceB, namespace)];
    await a.get("bot:guild-ids", policy, async () => new Set(["1", "2"]));
    const { value } = await b.get<ReadonlySet<string>>("bot:guild-ids", policy, async () => new Set<string>());
    expect(value).toBeInstanceOf(Set);
    expect([...value]).toEqual(["1", "2"]);
  });

  it("remembers one instance's transient failure for the other: no new load within the backoff", async () => {
    const [a, b] = [cacheOf(instanceA, namespace, { failureBackoffMs: 60_000 }), cacheOf(instanceB, namespace, { failureBackoffMs: 60_000 })];
    const failure = new PlatformError("Rate limited on GET /guilds/1", { kind: "rate_limited", status: 429, retryAfter: 30 });
    await expect(a.get("k", policy, () => Promise.reject(failure))).rejects.toBe(failure);
    const load = jest.fn(async () => "v");
    await expect(b.get("k", policy, load)).rejects.toMatchObject({ kind: "rate_limited", status: 429, retryAfter: 30, message: failure.message });
    await expect(b.get("k", policy, load)).rejects.toBeInstanceOf(PlatformError);
    expect(load).not.toHaveBeenCalled();
  });

  it("drops a key and a prefix for both when either invalidates", async () => {
    const [a, b] = [cacheOf(instanceA, namespace), cacheOf(instanceB, namespace)];
    for (const key of ["guild:1:roles", "guild:1:search:25:ada", "guild:2:roles", "user:x:me"]) await a.get(key, policy, async () => key);
    await b.invalidatePrefix("guild:1:");
    expect(await a.peek("guild:1:roles")).toBeUndefined();
    expect(await a.peek("guild:1:search:25:ada")).toBeUndefined();
    expect((await a.peek("guild:2:roles"))?.value).toBe("guild:2:roles");
    await b.invalidate("user:x:me");
    expect(await a.peek("user:x:me")).toBeUndefined();
    await expect(a.get("guild:1:roles", policy, async () => "reloaded")).resolves.toMatchObject({ value: "reloaded" });
  });

  it("does not let a load that started before another instance's invalidation store what it read", async () => {
    const [a, b] = [cacheOf(instanceA, namespace), cacheOf(instanceB, namespace)];
    const gate = deferred<string>();
    let started!: () => void;
    const loading = new Promise<void>((resolve) => (started = resolve));
    const first = a.get("guild:1:channels", policy, () => {
      started();
      return gate.promise;
    });
    await loading;
    await b.invalidatePrefix("guild:1:");
    gate.resolve("before the rename");
    expect((await first).value).toBe("before the rename");
    expect(await b.peek("guild:1:channels")).toBeUndefined();
  });

  it("lets an update on one instance win over a load in flight on the other", async () => {
    const [a, b] = [cacheOf(instanceA, namespace), cacheOf(instanceB, namespace)];
    await a.get("ids", { ttlMs: 1, staleMs: 60_000 }, async () => ["a"]);
    // Past the 1 ms ttl for certain, and A's first flight is over: the next get must load.
    await new Promise((resolve) => setTimeout(resolve, 10));
    const gate = deferred<string[]>();
    let started!: () => void;
    const loading = new Promise<void>((resolve) => (started = resolve));
    const inflight = a.get("ids", policy, () => {
      started();
      return gate.promise;
    });
    await loading;
    expect(await b.update<string[]>("ids", (ids) => [...ids, "b"])).toBe(true);
    gate.resolve(["a"]);
    await inflight;
    expect((await a.peek<string[]>("ids"))?.value).toEqual(["a", "b"]);
  });

  it("loads once a dead instance's lock runs out", async () => {
    const b = cacheOf(instanceB, namespace, { lockMs: 5000 });
    // Instance A took the lock, then died: nothing will land.
    await instanceA.client.set(`${namespace}lock:k`, `${Date.now()}:dead`, { PX: 200 });
    await expect(b.get("k", policy, async () => "loaded by B")).resolves.toMatchObject({ value: "loaded by B", stale: false });
  });
});

describe("platform reads on two instances", () => {
  let platform: EmulatorHarness;
  beforeAll(async () => {
    platform = await startEmulatorHarness();
  });
  afterAll(() => platform.stop());

  it("make one platform call for simultaneous first reads on both instances", async () => {
    const namespace = freshNamespace();
    const [a, b] = [cacheOf(instanceA, namespace), cacheOf(instanceB, namespace)];
    const read = (cache: SharedTtlCache) =>
      cache.get(`${guildKey(GUILD_IDS.workshop)}guild`, policy, () => botGet<RESTGetAPIGuildResult>(Routes.guild(GUILD_IDS.workshop)));
    const before = platform.callsTo("GET /guilds/:id");
    const results = await Promise.all([read(a), read(b), read(a), read(b), read(b)]);
    expect(platform.callsTo("GET /guilds/:id") - before).toBe(1);
    expect(new Set(results.map((result) => result.value.id))).toEqual(new Set([GUILD_IDS.workshop]));
  });

  it("go through Redis from lib/platform when REDIS_URL is set", async () => {
    await withEnv({ REDIS_URL: redis.url }, async () => {
      await linkUp(redisLink()!);
      const guild = await getGuild(GUILD_IDS.workshop);
      // Another instance finds it in the shared cache under the default namespace.
      const elsewhere = new SharedTtlCache(instanceB);
      expect((await elsewhere.peek<RESTGetAPIGuildResult>(`${guildKey(GUILD_IDS.workshop)}guild`))?.value.name).toBe(guild.name);
    });
  });
});
