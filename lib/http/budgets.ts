import "server-only";
import { getEnv, type Env } from "@/lib/env";
import { ApiError } from "./api-error";
import { clientIp } from "./client-ip";
import { take } from "./rate-limit";

// Every expensive operation has a budget (DESIGN "Security rules"): per user, per client
// address when signed out, cost-weighted for image renders. Route handlers name theirs with
// the pipeline's `budget` option (lib/http/route.ts); middleware spends "pages".

const PER_MINUTE = 60_000;

const LIMITS = {
  /** Any guild endpoint (the pipeline spends one of these or of "writes" on each). */
  reads: (env: Env) => env.RATE_LIMIT_READS_PER_MINUTE,
  writes: (env: Env) => env.RATE_LIMIT_WRITES_PER_MINUTE,
  /** The user's guild list from the platform (users/@me/guilds, managed-guilds): one shared budget. */
  "guild-lists": (env: Env) => env.RATE_LIMIT_GUILD_LISTS_PER_MINUTE,
  /** Member search spends the bot's platform budget: on top of the per-query cache. */
  "member-search": (env: Env) => env.RATE_LIMIT_MEMBER_SEARCHES_PER_MINUTE,
  /** Vanity code lookups (GET /guilds/vanity/{code}): an unknown code is a platform call. */
  "vanity-lookups": (env: Env) => env.RATE_LIMIT_VANITY_LOOKUPS_PER_MINUTE,
  /** Searches and previews of the social providers (lib/providers): they spend our API keys' quotas. */
  "provider-search": (env: Env) => env.RATE_LIMIT_PROVIDER_SEARCHES_PER_MINUTE,
  /** Image renders (welcome card preview), RENDER_COST each. */
  renders: (env: Env) => env.RATE_LIMIT_RENDER_UNITS_PER_MINUTE,
  /** Starting and finishing a sign-in: database rows and a platform token exchange. */
  logins: (env: Env) => env.RATE_LIMIT_LOGINS_PER_MINUTE,
  /** Opening a checkout (card, Chargebee, PayPal, crypto quote): each calls a payment provider or stores a quote. */
  checkouts: (env: Env) => env.RATE_LIMIT_CHECKOUTS_PER_MINUTE,
  /** The browser flag client's fetches and metrics (lib/flags): every 30 s per open tab, plus one per page load. */
  flags: (env: Env) => env.RATE_LIMIT_FLAGS_PER_MINUTE,
  /** The realtime channel (lib/realtime): opening a stream and each message a tab posts (a heartbeat every 30 s). */
  realtime: (env: Env) => env.RATE_LIMIT_REALTIME_PER_MINUTE,
  /** Uploads of the browser analytics SDK through our proxy (/api/mpp, /api/t): one per 30 s or 30 events per tab. */
  analytics: (env: Env) => env.RATE_LIMIT_ANALYTICS_PER_MINUTE,
  /** Dynamic page renders, spent in middleware. */
  pages: (env: Env) => env.RATE_LIMIT_PAGES_PER_MINUTE,
  /** Public leaderboard searches: a page drawn per request around a search query, spent in middleware. */
  "leaderboard-searches": (env: Env) => env.RATE_LIMIT_LEADERBOARD_SEARCHES_PER_MINUTE,
} as const;

export type BudgetName = keyof typeof LIMITS;

/** What one call spends: one unit of a budget, or `cost` units. */
export type Spend = BudgetName | { name: BudgetName; cost: number };

/** A welcome card drawing takes ~10 times the CPU of an ordinary API read. */
export const RENDER_COST = 10;

/** Who pays: the signed-in user, else the client's address (lib/http/client-ip.ts). */
export function payerOf(userId: string | null | undefined, headers: Headers): string {
  return userId ? `user:${userId}` : `ip:${clientIp(headers)}`;
}

/** Spends from the payer's budget (shared by every instance with REDIS_URL): null when within it, else the seconds to wait. */
export async function spend(payer: string, what: Spend, now = Date.now()): Promise<number | null> {
  const { name, cost } = typeof what === "string" ? { name: what, cost: 1 } : what;
  const refused = await take(`${payer}:${name}`, { limit: LIMITS[name](getEnv()), windowMs: PER_MINUTE }, cost, now);
  return refused ? refused.retryAfter : null;
}

/** spend(), refusing with 429 `rate_limited` (sent with Retry-After by the pipeline). */
export async function assertBudget(payer: string, what: Spend): Promise<void> {
  const retryAfter = await spend(payer, what);
  if (retryAfter !== null) throw rateLimited(retryAfter);
}

export function rateLimited(retryAfter: number): ApiError {
  return new ApiError(429, "rate_limited", `Too many requests. Try again in ${retryAfter} seconds.`, undefined, retryAfter);
}
