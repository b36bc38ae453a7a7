import "server-only";

import { DefaultRestOptions, RateLimitError, type RESTOptions, type ResponseLike } from "@discordjs/rest";

import type { RedisLink } from "@/lib/redis/link";
import { redisLink } from "@/lib/redis/process-link";
import { luaScript, runScript } from "@/lib/redis/script";
import { TAKE_TOKENS_LUA, type TokenRule } from "@/lib/redis/token-bucket";

import { routeBucket, type RouteBucket } from "./route-bucket";
import { tokenKey } from "./token-key";

// One platform budget per token (ours, a custom bot's, a user's) across every instance, with
// REDIS_URL. @discordjs/rest keeps its rate-limit state per process and still does (rest.ts):
// this sits in front of its HTTP call (its `makeRequest` option) and makes every instance
// count as the platform does:
//  - the global limit, 50 requests a second per token, as a token bucket in Redis;
//  - each route's bucket as the platform described it in its last answer to any instance
//    (X-RateLimit-Bucket, -Remaining, -Reset-After): an empty bucket holds requests until it
//    resets, and each request admitted spends one of its remaining;
//  - a global 429 (X-RateLimit-Global) holds every request of the token for its Retry-After.
// A wait up to maxWaitMs (rest.ts MAX_RATE_LIMIT_WAIT_MS) is waited out; a longer one refuses at
// once with the library's RateLimitError, which callers see as a PlatformError rate_limited,
// as they do the library's own. Redis down or failing: requests go as without it.

type MakeRequest = RESTOptions["makeRequest"];
type RequestInit = Parameters<MakeRequest>[1];

export interface PlatformBudgetOptions {
  /** The platform's global limit per token (tests lower it). */
  global?: TokenRule;
  /** A wait up to this long is waited out; a longer one refuses at once (rest.ts MAX_RATE_LIMIT_WAIT_MS). */
  maxWaitMs: number;
  namespace?: string;
}

export const GLOBAL_LIMIT: TokenRule = { limit: 50, windowMs: 1000 };
const DEFAULT_NAMESPACE = "guildhall:platform-budget:";
/** How long a route's bucket name is remembered after its last answer. */
const BUCKET_NAME_MS = 24 * 60 * 60 * 1000;

// KEYS: the token's global bucket, its global block, the route's bucket name. ARGV: global limit,
// window ms, now, the token's bucket key prefix, the major parameter. 0 when admitted (a global
// token and one of the route's remaining spent), else the milliseconds to wait.
const ADMIT = luaScript(`${TAKE_TOKENS_LUA}
local now = tonumber(ARGV[3])
local blocked = tonumber(redis.call('GET', KEYS[2]) or '0')
if blocked > now then return math.ceil(blocked - now) end
local name = redis.call('GET', KEYS[3])
local bucket = false
if name then
  bucket = ARGV[4] .. name .. ':' .. ARGV[5]
  local state = redis.call('HMGET', bucket, 'remaining', 'reset')
  if state[1] and tonumber(state[1]) <= 0 and tonumber(state[2]) > now then return math.ceil(tonumber(state[2]) - now) end
end
local wait = take_tokens(KEYS[1], tonumber(ARGV[1]), tonumber(ARGV[2]), 1, now)
if wait > 0 then return wait end
if bucket and redis.call('EXISTS', bucket) == 1 then redis.call('HINCRBY', bucket, 'remaining', -1) end
return 0
`);

// KEYS: the route's bucket name, the token's global block. ARGV: bucket name ("" when none was
// sent), remaining, reset-after ms, now, the token's bucket key prefix, the major parameter,
// the global block's ms ("" unless a global 429).
const LEARN = luaScript(`
local now = tonumber(ARGV[4])
if ARGV[7] ~= '' then
  local ms = math.max(1, math.ceil(tonumber(ARGV[7])))
  if now + ms > tonumber(redis.call('GET', KEYS[2]) or '0') then
    redis.call('SET', KEYS[2], string.format('%.17g', now + ms), 'PX', ms)
  end
end
if ARGV[1] == '' then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ${BUCKET_NAME_MS})
if ARGV[2] == '' or ARGV[3] == '' then return 0 end
local bucket = ARGV[5] .. ARGV[1] .. ':' .. ARGV[6]
local ms = math.max(1, math.ceil(tonumber(ARGV[3])))
redis.call('HSET', bucket, 'remaining', ARGV[2], 'reset', string.format('%.17g', now + ms))
redis.call('PEXPIRE', bucket, ms)
return 1
`);

export class PlatformBudget {
  readonly #link: RedisLink;
  readonly #global: TokenRule;
  readonly #maxWaitMs: number;
  readonly #namespace: string;

  constructor(link: RedisLink, options: PlatformBudgetOptions) {
    this.#link = link;
    this.#global = options.global ?? GLOBAL_LIMIT;
    this.#maxWaitMs = options.maxWaitMs;
    this.#namespace = options.namespace ?? DEFAULT_NAMESPACE;
  }

  /** Sends the request with `send` once the token's budget admits it; its answer tells the budget about the route. */
  async send(url: string, init: RequestInit, send: MakeRequest): Promise<ResponseLike> {
    const authorization = new Headers(init.headers as HeadersInit | undefined).get("authorization");
    const path = /\/v\d+(\/[^?]*)/.exec(new URL(url).pathname)?.[1];
    if (!authorization || !path || !this.#link.isUp()) return send(url, init);
    const prefix = `${this.#namespace}${tokenKey(authorization)}:`;
    const method = init.method ?? "GET";
    const bucket = routeBucket(method, path);
    await this.#admit(prefix, bucket, url, init.signal ?? undefined);
    const response = await send(url, init);
    await this.#learn(prefix, bucket, response).catch(() => undefined);
    return response;
  }

  async #admit(prefix: string, bucket: RouteBucket, url: string, signal: AbortSignal | undefined): Promise<void> {
    for (;;) {
      let wait: number;
      try {
        const keys = [`${prefix}global`, `${prefix}global-block`, `${prefix}route:${bucket.route}`];
        wait = Number(await runScript(this.#link.client, ADMIT, keys, [this.#global.limit, this.#global.windowMs, Date.now(), `${prefix}bucket:`, bucket.major]));
      } catch {
        return; // Redis failing: the request goes as without it.
      }
      if (wait <= 0) return;
      if (wait > this.#maxWaitMs) throw refusal(bucket, url, wait);
      await sleep(wait, signal);
    }
  }

  async #learn(prefix: string, bucket: RouteBucket, response: ResponseLike): Promise<void> {
    const { headers } = response;
    const name = headers.get("x-ratelimit-bucket") ?? "";
    const global = response.status === 429 && headers.has("x-ratelimit-global") ? Number(headers.get("retry-after") ?? "1") * 1000 : null;
    if (!name && global === null) return;
    const resetAfter = headers.get("x-ratelimit-reset-after");
    const args = [name, headers.get("x-ratelimit-remaining") ?? "", resetAfter === null ? "" : Number(resetAfter) * 1000, Date.now(), `${prefix}bucket:`, bucket.major, global ?? ""];
    await runScript(this.#link.client, LEARN, [`${prefix}route:${bucket.route}`, `${prefix}global-block`], args);
  }
}

/** What the library throws itself for a rate limit it will not wait for (mapped to PlatformError rate_limited). */
function refusal(bucket: RouteBucket, url: string, waitMs: number): RateLimitError {
  const [method = "GET", route = ""] = bucket.route.split(" ");
  return new RateLimitError({
    timeToReset: waitMs,
    retryAfter: waitMs,
    limit: 0,
    method,
    hash: "shared",
    url,
    route,
    majorParameter: bucket.major,
    global: false,
    sublimitTimeout: 0,
    scope: "user",
  });
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(done, ms);
    function done() {
      signal?.removeEventListener("abort", aborted);
      resolve();
    }
    function aborted() {
      clearTimeout(timer);
      reject(signal!.reason);
    }
    signal?.addEventListener("abort", aborted, { once: true });
  });
}

const STORE = Symbol.for("guildhall.platform-budget");
const store = globalThis as typeof globalThis & { [STORE]?: { link: RedisLink; budget: PlatformBudget } };

/** The REST clients' HTTP call (rest.ts): through this process's shared budget with REDIS_URL, straight without. */
export function sendWithinBudget(url: string, init: RequestInit, maxWaitMs: number): Promise<ResponseLike> {
  const link = redisLink();
  if (!link) return DefaultRestOptions.makeRequest(url, init);
  if (store[STORE]?.link !== link) store[STORE] = { link, budget: new PlatformBudget(link, { maxWaitMs }) };
  return store[STORE].budget.send(url, init, DefaultRestOptions.makeRequest);
}
