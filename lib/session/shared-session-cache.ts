import "server-only";
import type { RedisLink } from "@/lib/redis/link";
import { luaScript, runScript } from "@/lib/redis/script";

// The positive session cache of every instance, in Redis (REDIS_URL): session-cache.ts's rules,
// one store. A sign-out on any instance deletes the entry, so the next check anywhere reads the
// record and refuses the cookie at once. The epoch is one counter: a check that read the record
// before any sign-out does not cache it after. Redis down: nothing is cached (every check reads
// the record, so no instance can accept a cookie signed out elsewhere); sign-outs made meanwhile
// are sent once it is back, since entries cached before the outage may still be there.

const PREFIX = "guildhall:session:";
const EPOCH = "guildhall:session-epoch";
const userSet = (userId: string) => `guildhall:session-user:${userId}`;

// KEYS: epoch, entry, the user's set. ARGV: epoch read, user id, ms, sid, valid until.
const REMEMBER = luaScript(`
if (redis.call('GET', KEYS[1]) or '0') ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[2], ARGV[2] .. ' ' .. ARGV[5], 'PX', ARGV[3])
redis.call('SADD', KEYS[3], ARGV[4])
if redis.call('PTTL', KEYS[3]) < tonumber(ARGV[3]) then redis.call('PEXPIRE', KEYS[3], ARGV[3]) end
return 1
`);

// KEYS: epoch, entry. ARGV: sid, the user set prefix.
const FORGET = luaScript(`
local held = redis.call('GET', KEYS[2])
if held then redis.call('SREM', ARGV[2] .. string.match(held, '^(%S+)'), ARGV[1]) end
redis.call('DEL', KEYS[2])
return redis.call('INCR', KEYS[1])
`);

// KEYS: epoch, the user's set. ARGV: entry prefix.
const FORGET_USER = luaScript(`
for _, sid in ipairs(redis.call('SMEMBERS', KEYS[2])) do redis.call('DEL', ARGV[1] .. sid) end
redis.call('DEL', KEYS[2])
return redis.call('INCR', KEYS[1])
`);

export class SharedSessionCache {
  readonly #link: RedisLink;

  constructor(link: RedisLink) {
    this.#link = link;
  }

  async cachedUser(sid: string, now: number): Promise<string | undefined> {
    if (!this.#link.isUp()) return undefined;
    const held = await this.#link.client.get(PREFIX + sid).catch(() => null);
    if (!held) return undefined;
    const [userId, validUntil] = held.split(" ");
    return now < Number(validUntil) ? userId : undefined;
  }

  /** The epoch to hand to remember(); null while Redis is down (nothing will be cached). */
  async epoch(): Promise<string | null> {
    if (!this.#link.isUp()) return null;
    return this.#link.client.get(EPOCH).then((epoch) => epoch ?? "0", () => null);
  }

  async remember(sid: string, userId: string, ttlMs: number, validUntil: number, epoch: string | null): Promise<void> {
    if (epoch === null || ttlMs < 1 || !this.#link.isUp()) return;
    await runScript(this.#link.client, REMEMBER, [EPOCH, PREFIX + sid, userSet(userId)], [epoch, userId, Math.floor(ttlMs), sid, validUntil]).catch(() => undefined);
  }

  async forget(sid: string): Promise<void> {
    await this.#link.replayWhenBack(`session-end:${sid}`, (client) => runScript(client, FORGET, [EPOCH, PREFIX + sid], [sid, userSet("")]));
  }

  async forgetUser(userId: string): Promise<void> {
    await this.#link.replayWhenBack(`session-user-end:${userId}`, (client) => runScript(client, FORGET_USER, [EPOCH, userSet(userId)], [PREFIX]));
  }
}
