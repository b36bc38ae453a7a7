// Tests only: what a budget's token bucket does, for any store of buckets: the in-process one
// (lib/http/rate-limit.test.ts) and Redis's, taken alternately by two instances
// (test/integration/redis-budgets.test.ts). Each case uses keys of its own.
import type { Rule } from "@/lib/http/rate-limit";

export type Take = (key: string, rule: Rule, cost: number, now: number) => Promise<{ retryAfter: number } | null>;

const minute = { limit: 3, windowMs: 60_000 };
let run = 0;

export function tokenBucketCases(take: Take): void {
  let prefix = "";
  beforeEach(() => {
    prefix = `case-${++run}-${process.pid}:`;
  });
  const at = (key: string, rule: Rule, cost: number, now: number) => take(`${prefix}${key}`, rule, cost, now);

  it("lets a burst of `limit` through, refuses the next with the seconds until a token is back", async () => {
    for (let call = 0; call < 3; call++) expect(await at("user:1:reads", minute, 1, 1_000)).toBeNull();
    expect(await at("user:1:reads", minute, 1, 1_000)).toEqual({ retryAfter: 20 });
    // Keys are separate buckets.
    expect(await at("user:2:reads", minute, 1, 1_000)).toBeNull();
    expect(await at("user:1:writes", minute, 1, 1_000)).toBeNull();
  });

  it("refills at limit per window, never above the limit", async () => {
    for (let call = 0; call < 3; call++) await at("k", minute, 1, 0);
    expect(await at("k", minute, 1, 19_999)).not.toBeNull();
    expect(await at("k", minute, 1, 20_000)).toBeNull(); // one token back after 20 s (the refused call cost nothing)
    expect(await at("k", minute, 1, 20_000)).not.toBeNull();
    // A long pause refills to the limit, not beyond.
    for (let call = 0; call < 3; call++) expect(await at("k", minute, 1, 10_000_000)).toBeNull();
    expect(await at("k", minute, 1, 10_000_000)).not.toBeNull();
  });

  it("charges the cost: a render of 10 units from a 25-unit budget passes twice", async () => {
    const renders = { limit: 25, windowMs: 60_000 };
    expect(await at("user:1:renders", renders, 10, 0)).toBeNull();
    expect(await at("user:1:renders", renders, 10, 0)).toBeNull();
    // 5 units left, 5 more needed at 25 a minute: 12 s.
    expect(await at("user:1:renders", renders, 10, 0)).toEqual({ retryAfter: 12 });
    expect(await at("user:1:renders", renders, 1, 0)).toBeNull(); // a cheaper call still fits
  });

  it("charges a cost above the whole bucket as a full bucket", async () => {
    expect(await at("k", { limit: 5, windowMs: 60_000 }, 10, 0)).toBeNull();
    expect(await at("k", { limit: 5, windowMs: 60_000 }, 10, 0)).toEqual({ retryAfter: 60 });
  });

  it("follows a lowered limit at once", async () => {
    expect(await at("k", { limit: 100, windowMs: 60_000 }, 1, 0)).toBeNull();
    for (let call = 0; call < 2; call++) expect(await at("k", { limit: 2, windowMs: 60_000 }, 1, 0)).toBeNull();
    expect(await at("k", { limit: 2, windowMs: 60_000 }, 1, 0)).not.toBeNull();
  });
}
