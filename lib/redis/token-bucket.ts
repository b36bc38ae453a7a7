import "server-only";
import type { RedisClient } from "./link";
import { luaScript, runScript } from "./script";

// A token bucket kept in Redis, with the arithmetic of the in-process one (lib/http/rate-limit.ts):
// up to `limit` tokens, refilled `limit` per `windowMs`, a take spends `cost` (at most the whole
// bucket). One script per take, so every instance spends from the same bucket and two takes never
// both spend the last token. Stored as a hash { tokens, at } that expires when it would be full
// again: a missing bucket is a full one, so Redis holds only buckets in use. Tokens are written
// with 17 significant digits, so a double read back is the double written.

export type TokenRule = { limit: number; windowMs: number };

/**
 * Lua: take_tokens(key, limit, windowMs, cost, now) spends `cost` and returns 0, or returns the
 * milliseconds (rounded up) until the bucket holds it. For every script that spends tokens
 * (lib/platform/shared-budget.ts too), so they all count alike.
 */
export const TAKE_TOKENS_LUA = `
local function take_tokens(key, limit, window, cost, now)
  local perMs = limit / window
  local price = math.min(cost, limit)
  local held = redis.call('HMGET', key, 'tokens', 'at')
  local tokens = limit
  if held[1] then
    tokens = math.min(limit, tonumber(held[1]) + math.max(0, now - tonumber(held[2])) * perMs)
  end
  local allowed = tokens >= price
  if allowed then tokens = tokens - price end
  local untilFull = math.ceil((limit - tokens) / perMs)
  if untilFull <= 0 then
    redis.call('DEL', key)
  else
    redis.call('HSET', key, 'tokens', string.format('%.17g', tokens), 'at', string.format('%.17g', now))
    redis.call('PEXPIRE', key, untilFull)
  end
  if allowed then return 0 end
  return math.ceil((price - tokens) / perMs)
end
`;

const TAKE = luaScript(`${TAKE_TOKENS_LUA}
return take_tokens(KEYS[1], tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4]))
`);

/** Spends `cost` tokens of the bucket at `key`: 0 when it had them, else the milliseconds until it will. */
export async function takeTokens(client: RedisClient, key: string, rule: TokenRule, cost: number, now: number): Promise<number> {
  return Number(await runScript(client, TAKE, [key], [rule.limit, rule.windowMs, cost, now]));
}
