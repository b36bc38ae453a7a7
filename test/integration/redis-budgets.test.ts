/** @jest-environment node */
// Budgets shared through Redis (lib/http/rate-limit.ts, lib/redis/token-bucket.ts): two links to
// one redis-server stand for two instances of the app. They spend from one bucket per key, with
// the in-process arithmetic (the same cases as lib/http/rate-limit.test.ts), and a budget spent
// through the route pipeline on this instance is spent for the other one too.
import { takeVia, type Rule } from "@/lib/http/rate-limit";
import { spend } from "@/lib/http/budgets";
import type { RedisLink } from "@/lib/redis/link";
import { redisLink } from "@/lib/redis/process-link";
import { linkUp, startRedisHarness, type RedisHarness } from "@/test/redis-harness";
import { withEnv } from "@/test/set-env";
import { tokenBucketCases } from "@/test/token-bucket-cases";

let redis: RedisHarness;
let instanceA: RedisLink;
let instanceB: RedisLink;

beforeAll(async () => {
  redis = await startRedisHarness();
  instanceA = redis.link();
  instanceB = redis.link();
  await Promise.all([linkUp(instanceA), linkUp(instanceB)]);
});
afterAll(() => redis.stop());

describe("one bucket per key for every instance, with the in-process arithmetic", () => {
  let turn = 0;
  // Each take goes through the other instance than the last one.
  tokenBucketCases((key: string, rule: Rule, cost: number, now: number) => takeVia(turn++ % 2 === 0 ? instanceA : instanceB, key, rule, cost, now));
});

it("refuses on B what A spent, and neither instance keeps a bucket of its own", async () => {
  const rule = { limit: 4, windowMs: 60_000 };
  const now = Date.now();
  for (let call = 0; call < 2; call++) expect(await takeVia(instanceA, "user:9:writes", rule, 1, now)).toBeNull();
  for (let call = 0; call < 2; call++) expect(await takeVia(instanceB, "user:9:writes", rule, 1, now)).toBeNull();
  expect(await takeVia(instanceA, "user:9:writes", rule, 1, now)).toEqual({ retryAfter: 15 });
  expect(await takeVia(instanceB, "user:9:writes", rule, 1, now)).toEqual({ retryAfter: 15 });
  // The bucket lives in Redis, and expires once it would be full again.
  const ttl = await instanceA.client.pTTL("guildhall:budget:user:9:writes");
  expect(ttl).toBeGreaterThan(59_000);
  expect(ttl).toBeLessThanOrEqual(60_000);
});

it("spends the budgets of lib/http/budgets.ts in Redis when REDIS_URL is set", async () => {
  await withEnv({ REDIS_URL: redis.url, RATE_LIMIT_WRITES_PER_MINUTE: "2" }, async () => {
    // This process is instance A (its own link, from REDIS_URL); B spends the same user's budget.
    await linkUp(redisLink()!);
    expect(await spend("user:42", "writes")).toBeNull();
    expect(await takeVia(instanceB, "user:42:writes", { limit: 2, windowMs: 60_000 })).toBeNull();
    expect(await spend("user:42", "writes")).toBeGreaterThanOrEqual(1);
  });
});
