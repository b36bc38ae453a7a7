import { createHash } from "node:crypto";

import type { Headers } from "./http";

// Per-route buckets like Discord's: a fixed window that starts with the first
// request, keyed by (route template, credential). Limits are generous so that
// only tests that hammer a route ever see a 429.

export interface BucketLimit {
  limit: number;
  windowMs: number;
}

export const DEFAULT_LIMIT: BucketLimit = { limit: 50, windowMs: 1000 };

/** Route templates (see routeKey in calls.ts) with tighter limits, as on Discord. */
export const ROUTE_LIMITS: Readonly<Record<string, BucketLimit>> = {
  "GET /users/@me/guilds": { limit: 10, windowMs: 1000 },
  "POST /oauth2/token": { limit: 20, windowMs: 1000 },
};

interface Bucket {
  remaining: number;
  resetAt: number;
}

export interface RateLimitDecision {
  limited: boolean;
  /** Seconds until the bucket refills. */
  retryAfter: number;
  headers: Headers;
}

const MAX_BUCKETS = 10_000;

export function bucketHash(template: string): string {
  return createHash("sha256").update(`bucket:${template}`).digest("hex").slice(0, 32);
}

export function limitFor(template: string): BucketLimit {
  return ROUTE_LIMITS[template] ?? DEFAULT_LIMIT;
}

export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  /** Takes one request from the bucket, or reports that it is empty. */
  consume(template: string, identity: string, now: number): RateLimitDecision {
    const { limit } = limitFor(template);
    const bucket = this.current(template, identity, now);
    if (bucket.remaining <= 0) {
      return { limited: true, retryAfter: (bucket.resetAt - now) / 1000, headers: this.headers(template, limit, bucket, now) };
    }
    bucket.remaining -= 1;
    return { limited: false, retryAfter: 0, headers: this.headers(template, limit, bucket, now) };
  }

  /** Headers describing the bucket without spending a request (for injected faults). */
  peek(template: string, identity: string, now: number): Headers {
    const key = `${template}\n${identity}`;
    const { limit, windowMs } = limitFor(template);
    const existing = this.buckets.get(key);
    const bucket = existing && existing.resetAt > now ? existing : { remaining: limit, resetAt: now + windowMs };
    return this.headers(template, limit, bucket, now);
  }

  reset(): void {
    this.buckets.clear();
  }

  private current(template: string, identity: string, now: number): Bucket {
    const key = `${template}\n${identity}`;
    let bucket = this.buckets.get(key);
    if (!bucket || bucket.resetAt <= now) {
      const { limit, windowMs } = limitFor(template);
      bucket = { remaining: limit, resetAt: now + windowMs };
      if (this.buckets.size >= MAX_BUCKETS) this.sweep(now);
      this.buckets.set(key, bucket);
    }
    return bucket;
  }

  private sweep(now: number): void {
    for (const [key, bucket] of this.buckets) if (bucket.resetAt <= now) this.buckets.delete(key);
    // Still full of live buckets (someone is spraying tokens): start over.
    if (this.buckets.size >= MAX_BUCKETS) this.buckets.clear();
  }

  private headers(template: string, limit: number, bucket: Bucket, now: number): Headers {
    return {
      "X-RateLimit-Limit": String(limit),
      "X-RateLimit-Remaining": String(Math.max(0, bucket.remaining)),
      "X-RateLimit-Reset": (bucket.resetAt / 1000).toFixed(3),
      "X-RateLimit-Reset-After": (Math.max(0, bucket.resetAt - now) / 1000).toFixed(3),
      "X-RateLimit-Bucket": bucketHash(template),
    };
  }
}

/** Headers and body of a 429, shared by real exhaustion and injected faults. */
export function tooManyRequests(retryAfterSeconds: number, global: boolean, rateLimitHeaders: Headers) {
  const retryAfter = Math.max(0, Math.round(retryAfterSeconds * 1000) / 1000);
  const headers: Headers = {
    ...rateLimitHeaders,
    "Retry-After": String(Math.ceil(retryAfter)),
    "X-RateLimit-Scope": global ? "global" : "user",
  };
  if (global) headers["X-RateLimit-Global"] = "true";
  return { headers, body: { message: "You are being rate limited.", retry_after: retryAfter, global } };
}
