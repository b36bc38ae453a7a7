import { MAX_KEYS, resetRateLimitsForTests, take, trackedKeys } from "./rate-limit";

const minute = { limit: 3, windowMs: 60_000 };

describe("take (token bucket)", () => {
  beforeEach(() => resetRateLimitsForTests());

  it("lets a burst of `limit` through, refuses the next with the seconds until a token is back", () => {
    for (let call = 0; call < 3; call++) expect(take("user:1:reads", minute, 1, 1_000)).toBeNull();
    expect(take("user:1:reads", minute, 1, 1_000)).toEqual({ retryAfter: 20 });
    // Keys are separate buckets.
    expect(take("user:2:reads", minute, 1, 1_000)).toBeNull();
    expect(take("user:1:writes", minute, 1, 1_000)).toBeNull();
  });

  it("refills at limit per window, never above the limit", () => {
    for (let call = 0; call < 3; call++) take("k", minute, 1, 0);
    expect(take("k", minute, 1, 19_999)).not.toBeNull();
    expect(take("k", minute, 1, 20_000)).toBeNull(); // one token back after 20 s (the refused call cost nothing)
    expect(take("k", minute, 1, 20_000)).not.toBeNull();
    // A long pause refills to the limit, not beyond.
    for (let call = 0; call < 3; call++) expect(take("k", minute, 1, 10_000_000)).toBeNull();
    expect(take("k", minute, 1, 10_000_000)).not.toBeNull();
  });

  it("charges the cost: a render of 10 units from a 25-unit budget passes twice", () => {
    const renders = { limit: 25, windowMs: 60_000 };
    expect(take("user:1:renders", renders, 10, 0)).toBeNull();
    expect(take("user:1:renders", renders, 10, 0)).toBeNull();
    // 5 units left, 5 more needed at 25 a minute: 12 s.
    expect(take("user:1:renders", renders, 10, 0)).toEqual({ retryAfter: 12 });
    expect(take("user:1:renders", renders, 1, 0)).toBeNull(); // a cheaper call still fits
  });

  it("charges a cost above the whole bucket as a full bucket", () => {
    expect(take("k", { limit: 5, windowMs: 60_000 }, 10, 0)).toBeNull();
    expect(take("k", { limit: 5, windowMs: 60_000 }, 10, 0)).toEqual({ retryAfter: 60 });
  });

  it("follows a lowered limit at once", () => {
    expect(take("k", { limit: 100, windowMs: 60_000 }, 1, 0)).toBeNull();
    for (let call = 0; call < 2; call++) expect(take("k", { limit: 2, windowMs: 60_000 }, 1, 0)).toBeNull();
    expect(take("k", { limit: 2, windowMs: 60_000 }, 1, 0)).not.toBeNull();
  });

  it("keeps at most MAX_KEYS keys, forgetting the least recently used", () => {
    take("first", minute, 3, 0); // spent
    take("second", minute, 3, 0); // spent, then touched again below
    for (let index = 0; index < MAX_KEYS; index++) {
      if (index === 10) take("second", minute, 0, 0);
      take(`ip:${index}:pages`, minute, 1, 0);
    }
    expect(trackedKeys()).toBe(MAX_KEYS);
    expect(take("second", minute, 1, 0)).not.toBeNull(); // still known: still spent
    expect(take("first", minute, 1, 0)).toBeNull(); // evicted: starts again full
  });
});
