import "server-only";
import { shared, type RedisLink } from "@/lib/redis/link";
import { redisLink } from "@/lib/redis/process-link";
import { takeTokens, type TokenRule } from "@/lib/redis/token-bucket";

// The one limiter behind every budget (lib/http/budgets.ts): a token bucket per key
// ("user:<id>:<budget>", "ip:<addr>:<budget>"). A bucket holds up to `limit` tokens and
// refills `limit` per window, so a burst of `limit` calls passes and then the steady rate
// applies; a call spends `cost` tokens (an image render costs more than a read).
//
// With REDIS_URL the buckets live in Redis (lib/redis/token-bucket.ts: the same arithmetic in
// one script per take), so every instance spends from the same ones. Without it, or while
// Redis is down, they live in this process: each instance then counts on its own. The
// in-process buckets are on globalThis so middleware and route handlers (separate bundles)
// share one store.

export type Rule = TokenRule;

/** Keys kept at most in process; the least recently used go first (an evicted key starts again full). */
export const MAX_KEYS = 50_000;

const REDIS_PREFIX = "guildhall:budget:";

type Bucket = { tokens: number; at: number };

const STORE = Symbol.for("guildhall.rate-limit");
const buckets = ((globalThis as { [STORE]?: Map<string, Bucket> })[STORE] ??= new Map<string, Bucket>());

/**
 * Spends `cost` tokens of the key's bucket: null when it had them, else the seconds until it
 * will. A cost above the whole bucket is charged as a full bucket, so it can still pass.
 */
export function take(key: string, rule: Rule, cost = 1, now = Date.now()): Promise<{ retryAfter: number } | null> {
  return takeVia(redisLink(), key, rule, cost, now);
}

/** take() through a given link (null: in process); tests stand two instances up with two links. */
export async function takeVia(link: RedisLink | null, key: string, rule: Rule, cost = 1, now = Date.now()): Promise<{ retryAfter: number } | null> {
  const waitMs = await shared(
    link,
    (client) => takeTokens(client, `${REDIS_PREFIX}${key}`, rule, cost, now),
    () => takeInProcess(key, rule, cost, now),
  );
  return waitMs <= 0 ? null : { retryAfter: Math.max(1, Math.ceil(waitMs / 1000)) };
}

/** The milliseconds until the bucket holds `cost`, 0 when it did and they were spent. */
function takeInProcess(key: string, rule: Rule, cost: number, now: number): number {
  const perMs = rule.limit / rule.windowMs;
  const price = Math.min(cost, rule.limit);
  const held = buckets.get(key);
  const tokens = held ? Math.min(rule.limit, held.tokens + Math.max(0, now - held.at) * perMs) : rule.limit;
  // Deleted and set again: Map order then runs from least to most recently used.
  buckets.delete(key);
  const allowed = tokens >= price;
  buckets.set(key, { tokens: allowed ? tokens - price : tokens, at: now });
  evictOverflow();
  return allowed ? 0 : (price - tokens) / perMs;
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

/** Tests only: every bucket of this process full again. */
export function resetRateLimitsForTests(): void {
  buckets.clear();
}
