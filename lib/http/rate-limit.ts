import "server-only";

// The one limiter behind every budget (lib/http/budgets.ts): a token bucket per key
// ("user:<id>:<budget>", "ip:<addr>:<budget>"). A bucket holds up to `limit` tokens and
// refills `limit` per window, so a burst of `limit` calls passes and then the steady rate
// applies; a call spends `cost` tokens (an image render costs more than a read).
//
// In process, like the platform cache (DESIGN "Scale"): each instance keeps its own buckets,
// so behind a load balancer the effective limit is per instance. The later step moves the
// buckets to Redis (the same arithmetic in one Lua script per take) so instances share them.
// On globalThis so middleware and route handlers (separate bundles) share one store.

export type Rule = { limit: number; windowMs: number };

/** Keys kept at most; the least recently used go first (an evicted key starts again full). */
export const MAX_KEYS = 50_000;

type Bucket = { tokens: number; at: number };

const STORE = Symbol.for("guildhall.rate-limit");
const buckets = ((globalThis as { [STORE]?: Map<string, Bucket> })[STORE] ??= new Map<string, Bucket>());

/**
 * Spends `cost` tokens of the key's bucket: null when it had them, else the seconds until it
 * will. A cost above the whole bucket is charged as a full bucket, so it can still pass.
 */
export function take(key: string, rule: Rule, cost = 1, now = Date.now()): { retryAfter: number } | null {
  const perMs = rule.limit / rule.windowMs;
  const price = Math.min(cost, rule.limit);
  const held = buckets.get(key);
  const tokens = held ? Math.min(rule.limit, held.tokens + Math.max(0, now - held.at) * perMs) : rule.limit;
  // Deleted and set again: Map order then runs from least to most recently used.
  buckets.delete(key);
  const allowed = tokens >= price;
  buckets.set(key, { tokens: allowed ? tokens - price : tokens, at: now });
  evictOverflow();
  return allowed ? null : { retryAfter: Math.max(1, Math.ceil((price - tokens) / perMs / 1000)) };
}

function evictOverflow(): void {
  for (const key of buckets.keys()) {
    if (buckets.size <= MAX_KEYS) return;
    buckets.delete(key);
  }
}

export function trackedKeys(): number {
  return buckets.size;
}

/** Tests only: every bucket full again. */
export function resetRateLimitsForTests(): void {
  buckets.clear();
}
