import { tokenBucketCases } from "@/test/token-bucket-cases";
import { MAX_KEYS, resetRateLimitsForTests, takeVia, trackedKeys } from "./rate-limit";

const minute = { limit: 3, windowMs: 60_000 };
// In process (no Redis link); Redis's buckets run the same cases in test/integration/redis-budgets.test.ts.
const take = (key: string, rule: typeof minute, cost: number, now: number) => takeVia(null, key, rule, cost, now);

describe("take (token bucket, in process)", () => {
  beforeEach(() => resetRateLimitsForTests());

  tokenBucketCases(take);

  it("keeps at most MAX_KEYS keys, forgetting the least recently used", async () => {
    await take("first", minute, 3, 0); // spent
    await take("second", minute, 3, 0); // spent, then touched again below
    for (let index = 0; index < MAX_KEYS; index++) {
      if (index === 10) await take("second", minute, 0, 0);
      await take(`ip:${index}:pages`, minute, 1, 0);
    }
    expect(trackedKeys()).toBe(MAX_KEYS);
    expect(await take("second", minute, 1, 0)).not.toBeNull(); // still known: still spent
    expect(await take("first", minute, 1, 0)).toBeNull(); // evicted: starts again full
  });
});
