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

const TAKE = luaScript(`
local limit = tonumber(ARGV[1])
local perMs = limit / tonumber(ARGV[2])
local price = math.min(tonumber(ARGV[3]), limit)
local now = tonumber(ARGV[4])
local held = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = limit
if held[1] then
  tokens = math.min(limit, tonumber(held[1]) + math.max(0, now - tonumber(held[2])) * perMs)
end
local allowed = tokens >= price
if allowed then tokens = tokens - price end
local untilFull = math.ceil((limit - tokens) / perMs)
if untilFull <= 0 then
  redis.call('DEL', KEYS[1])
else
  redis.call('HSET', KEYS[1], 'tokens', string.format('%.17g', tokens), 'at', ARGV[4])
  redis.call('PEXPIRE', KEYS[1], untilFull)
end
if allowed then return 0 end
return math.ceil((price - tokens) / perMs)
`);

/** Spends `cost` tokens of the bucket at `key`: 0 when it had them, else the milliseconds until it will. */
export async function takeTokens(client: RedisClient, key: string, rule: TokenRule, cost: number, now: number): Promise<number> {
  return Number(await runScript(client, TAKE, [key], [rule.limit, rule.windowMs, cost, now]));
}
