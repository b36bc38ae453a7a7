import "server-only";

import { REST, type RESTOptions, type RateLimitData, type RouteLike } from "@discordjs/rest";

import { getEnv } from "@/lib/env";

import { clearCache } from "./cache";
import { rethrowAsPlatformError } from "./errors";
import { sendWithinBudget } from "./shared-budget";
import { tokenKey } from "./token-key";

// REST clients for the platform API (v10), built lazily from getEnv().
//
// Bot calls share one REST instance. User (OAuth bearer) calls use one instance per
// access token: @discordjs/rest keeps rate-limit buckets per instance, while the
// platform counts them per token, so a shared instance would let one user's 429
// (or exhausted bucket) delay or reject every other user and the bot's own
// /users/@me/guilds. Instances are kept in a small LRU keyed by a hash of the token.
//
// Credentials go on each request as an explicit Authorization header (`auth: false`):
// no instance stores a token, and a 401 cannot make the library drop the bot token.
//
// The library's buckets count for this process only. With REDIS_URL every HTTP call it makes
// also passes the token's budget shared by all instances (shared-budget.ts), so N instances
// together stay within the platform's global and per-route limits.

/** Abort one HTTP attempt after this long (the library retries once on timeouts and 5xx). */
export const REQUEST_TIMEOUT_MS = 2500;
/** Rate-limit waits up to this long are waited out; longer ones reject at once as rate_limited. */
export const MAX_RATE_LIMIT_WAIT_MS = 2500;
/**
 * Overall deadline of one call, retries and short rate-limit waits included: a page with
 * nothing cached must show its error within 5 s however slow the platform is, and the error
 * page itself takes up to 2 s to reach a browser on a busy machine (a retry happens only
 * when the first attempt failed fast).
 */
export const REQUEST_DEADLINE_MS = 3000;

const MAX_USER_CLIENTS = 500;

export function rejectLongRateLimits(data: RateLimitData): boolean {
  return Math.max(data.retryAfter, data.sublimitTimeout) > MAX_RATE_LIMIT_WAIT_MS;
}

function restOptions(): Partial<RESTOptions> {
  const env = getEnv();
  return {
    api: env.DISCORD_API_URL,
    cdn: env.DISCORD_CDN_URL,
    version: "10",
    timeout: REQUEST_TIMEOUT_MS,
    retries: 1,
    rejectOnRateLimit: rejectLongRateLimits,
    makeRequest: (url, init) => sendWithinBudget(url, init, MAX_RATE_LIMIT_WAIT_MS),
  };
}

interface Clients {
  bot?: REST;
  users: Map<string, REST>;
}

// On globalThis so every bundle of the Next server shares the clients and their rate-limit state.
const globalStore = globalThis as typeof globalThis & { __guildhallPlatformClients?: Clients };

function clients(): Clients {
  globalStore.__guildhallPlatformClients ??= { users: new Map() };
  return globalStore.__guildhallPlatformClients;
}

function botRest(): REST {
  const state = clients();
  state.bot ??= new REST(restOptions());
  return state.bot;
}

function userRest(key: string): REST {
  const { users } = clients();
  let rest = users.get(key);
  if (rest) {
    users.delete(key);
  } else {
    // Sweepers off: these instances are short-lived and bounded by the LRU.
    rest = new REST({ ...restOptions(), hashSweepInterval: 0, handlerSweepInterval: 0 });
  }
  users.set(key, rest);
  while (users.size > MAX_USER_CLIENTS) {
    const oldest = users.keys().next();
    if (oldest.done) break;
    users.delete(oldest.value);
  }
  return rest;
}

export interface PlatformRequestOptions {
  query?: URLSearchParams;
}

export interface PlatformWriteOptions extends PlatformRequestOptions {
  /** Sent as JSON. */
  body?: unknown;
  /** Shown in the guild's audit log (X-Audit-Log-Reason), where the route supports it. */
  reason?: string;
}

type Method = "get" | "post" | "patch" | "put" | "delete";

// Calls still running, some of them for a caller that already moved on (a stale value was
// served after SLOW_AFTER_MS); tests wait for them before they stop the emulator.
const pending = new Set<Promise<unknown>>();

/** Resolves once no platform call is running, including one a settling call's caller starts next. */
export async function platformCallsSettled(): Promise<void> {
  do {
    await Promise.allSettled([...pending]);
    await new Promise((resolve) => setImmediate(resolve));
  } while (pending.size > 0);
}

function send<T>(rest: REST, authorization: string, method: Method, route: RouteLike, options: PlatformWriteOptions): Promise<T> {
  const call = attempt<T>(rest, authorization, method, route, options);
  pending.add(call);
  void call.finally(() => pending.delete(call)).catch(() => undefined);
  return call;
}

async function attempt<T>(rest: REST, authorization: string, method: Method, route: RouteLike, options: PlatformWriteOptions): Promise<T> {
  try {
    const result = await rest[method](route, {
      auth: false,
      headers: { Authorization: authorization },
      signal: AbortSignal.timeout(REQUEST_DEADLINE_MS),
      ...(options.query ? { query: options.query } : {}),
      ...(options.body !== undefined ? { body: options.body } : {}),
      ...(options.reason !== undefined ? { reason: options.reason } : {}),
    });
    return result as T;
  } catch (error) {
    return rethrowAsPlatformError(error);
  }
}

const botAuthorization = () => `Bot ${getEnv().DISCORD_BOT_TOKEN}`;

/** GET with the bot token. Failures from the platform or the network throw PlatformError. */
export function botGet<T>(route: RouteLike, options: PlatformRequestOptions = {}): Promise<T> {
  return send<T>(botRest(), botAuthorization(), "get", route, options);
}

// Writes with the bot token, through the same client (and rate-limit state) as botGet.
// Like reads, they are retried once on a 5xx or a timeout, so a write may reach the
// platform twice: make it idempotent (PUT, DELETE) or deduplicated (a message nonce).

/** POST with the bot token. Throws PlatformError. */
export function botPost<T>(route: RouteLike, options: PlatformWriteOptions = {}): Promise<T> {
  return send<T>(botRest(), botAuthorization(), "post", route, options);
}

/** PATCH with the bot token. Throws PlatformError. */
export function botPatch<T>(route: RouteLike, options: PlatformWriteOptions = {}): Promise<T> {
  return send<T>(botRest(), botAuthorization(), "patch", route, options);
}

/** PUT with the bot token. Throws PlatformError. */
export function botPut<T = void>(route: RouteLike, options: PlatformWriteOptions = {}): Promise<T> {
  return send<T>(botRest(), botAuthorization(), "put", route, options);
}

/** DELETE with the bot token. Throws PlatformError. */
export function botDelete<T = void>(route: RouteLike, options: PlatformWriteOptions = {}): Promise<T> {
  return send<T>(botRest(), botAuthorization(), "delete", route, options);
}

/** GET with a user's OAuth2 access token. Failures from the platform or the network throw PlatformError. */
export function userGet<T>(accessToken: string, route: RouteLike, options: PlatformRequestOptions = {}): Promise<T> {
  return send<T>(userRest(tokenKey(accessToken)), `Bearer ${accessToken}`, "get", route, options);
}

// A custom bot's own token (lib/custom-bot): a client per token, like a user's, so one bot's
// rate limits (its avatar changes) never hold back another's or ours.
const customBotClient = (botToken: string) => userRest(`custom-bot:${tokenKey(botToken)}`);

/** GET with a custom bot's token. Throws PlatformError (kind "unauthorized" for a token the platform refuses). */
export function customBotGet<T>(botToken: string, route: RouteLike, options: PlatformRequestOptions = {}): Promise<T> {
  return send<T>(customBotClient(botToken), `Bot ${botToken}`, "get", route, options);
}

/** PATCH with a custom bot's token. Throws PlatformError. */
export function customBotPatch<T>(botToken: string, route: RouteLike, options: PlatformWriteOptions = {}): Promise<T> {
  return send<T>(customBotClient(botToken), `Bot ${botToken}`, "patch", route, options);
}

/** Drops the client kept for an access token (after logout or revocation). */
export function forgetUserClient(accessToken: string): void {
  clients().users.delete(tokenKey(accessToken));
}

/**
 * Forgets the REST clients and empties the platform cache, so the next call reads
 * getEnv() again (tests that start an emulator on a new port call this after resetEnvCache()).
 */
export function resetPlatformClientForTests(): void {
  const state = clients();
  state.bot?.clearHashSweeper();
  state.bot?.clearHandlerSweeper();
  state.bot = undefined;
  state.users.clear();
  clearCache();
}
