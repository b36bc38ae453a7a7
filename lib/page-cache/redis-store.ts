import { deserialize, serialize } from "node:v8";
import { RESP_TYPES, type RedisClientType } from "redis";
import { memoryPageCacheStore } from "./memory-store";
import type { CachedPage, PageCacheStore } from "./store";

// The page cache shared by every instance through Redis (REDIS_URL): each page once in Redis
// (serialized with v8, Next's buffers and maps included) with a copy in this process for
// speed, and every tag's last expiry in one hash. A page is served only after its tags were
// checked in Redis, so an expiry made by any instance retires every instance's copies at once.
// While Redis cannot be asked, nothing is served from the cache (every page is drawn anew), and
// an expiry that could not be written is written when Redis is back. Back, Redis may have lost
// what it held (a restart without persistence): this instance's copies are dropped, since the
// expiries that retired them may be gone. The tags hash has no expiry of its own: Redis must not
// evict it (`maxmemory-policy` noeviction or volatile-*, under which only pages go).

const PAGE_PREFIX = "guildhall:page:";
const TAGS_KEY = "guildhall:page-tags";
/** Pages nobody asks for again leave Redis after this (Next never deletes from a cache). */
const MAX_TTL_SECONDS = 24 * 60 * 60;
/**
 * Expiries are recorded this far ahead: renders are stamped by each instance's own clock, so
 * a render begun just before a write on an instance whose clock runs ahead would otherwise
 * look newer than the write. Renders begun within it are drawn once more; nothing old is kept.
 */
export const CLOCK_SKEW_MS = 500;

/** Raises a tag's expiry, never lowers it (instances' clocks differ a little). */
const RAISE_EXPIRY = `for i, tag in ipairs(KEYS) do
  if tonumber(redis.call('HGET', '${TAGS_KEY}', tag) or '0') < tonumber(ARGV[1]) then redis.call('HSET', '${TAGS_KEY}', tag, ARGV[1]) end
end
return 0`;

type Client = RedisClientType;

export function redisPageCacheStore(client: Client, { localBytes }: { localBytes: number }): PageCacheStore {
  let local = memoryPageCacheStore(localBytes);
  const binary = client.withTypeMapping({ [RESP_TYPES.BLOB_STRING]: Buffer });
  /** Expiries Redis did not take yet, by tag: the latest time each must reach. */
  const unsent = new Map<string, number>();

  const send = async (tags: string[], at: number) => {
    await client.eval(RAISE_EXPIRY, { keys: tags, arguments: [String(at)] });
  };
  const sendUnsent = async () => {
    for (const [tag, at] of [...unsent]) {
      await send([tag], at);
      if (unsent.get(tag) === at) unsent.delete(tag);
    }
  };
  client.on("ready", () => {
    local = memoryPageCacheStore(localBytes);
    void sendUnsent().catch(() => undefined);
  });

  return {
    async get(key) {
      const kept = await local.get(key);
      if (kept) return kept;
      const stored = await binary.get(PAGE_PREFIX + key);
      if (!stored) return undefined;
      const page = deserialize(stored as Buffer) as CachedPage;
      await local.set(key, page);
      return page;
    },
    async set(key, page) {
      await local.set(key, page);
      const expire = page.cacheControl?.expire;
      const ttl = typeof expire === "number" && Number.isFinite(expire) ? Math.min(MAX_TTL_SECONDS, Math.max(1, Math.ceil(expire))) : MAX_TTL_SECONDS;
      await client.set(PAGE_PREFIX + key, serialize(page), { EX: ttl });
    },
    async lastExpiry(tags) {
      // An expiry this instance could not send yet: sent first, and nothing it might retire is served meanwhile.
      if (unsent.size > 0) await sendUnsent();
      if (tags.length === 0) return 0;
      const times = await client.hmGet(TAGS_KEY, [...tags]);
      return Math.max(0, ...times.map((time) => Number(time ?? 0)));
    },
    async expire(tags) {
      const at = Date.now() + CLOCK_SKEW_MS;
      try {
        await send([...tags], at);
      } catch (error) {
        for (const tag of tags) unsent.set(tag, Math.max(unsent.get(tag) ?? 0, at));
        throw error;
      }
    },
  };
}
