/** @jest-environment node */
// Redis killed while the app runs (REDIS_URL set), then started again. Meanwhile pages and API
// reads still answer and writes still land, from this instance's own state (degraded: nothing
// shared); once redis-server is back, the app uses it again without a restart of ours, and what
// it could not tell Redis meanwhile (an invalidation, a sign-out) is told then. The redis-server
// here keeps its data across the restart (append-only file), as a real Redis restart does.
import { NextRequest } from "next/server";
import { POST as logout } from "@/app/api/logout/route";
import { GET as me } from "@/app/api/users/[userId]/route";
import { getDb } from "@/lib/db/client";
import { subscribe as subscribePlayer } from "@/lib/music/live";
import { getGuild, guildKey, refreshGuildCache } from "@/lib/platform/bot-api";
import { SharedTtlCache } from "@/lib/platform/shared-cache";
import type { RedisLink } from "@/lib/redis/link";
import { redisLink } from "@/lib/redis/process-link";
import { unseal } from "@/lib/session/cookie";
import { SESSION_COOKIE } from "@/lib/session/session-cookie";
import { SharedSessionCache } from "@/lib/session/shared-session-cache";
import { middleware } from "@/middleware";
import { pluginCall, readBody } from "@/test/api";
import { startEmulatorHarness, type EmulatorHarness } from "@/test/emulator-harness";
import { linkDown, linkUp, startRedisHarness, subscriberBack, type RedisHarness } from "@/test/redis-harness";
import { call, type CookieJar } from "@/test/route-client";
import { addScratchGuild } from "@/test/scratch-guild";
import { setEnv } from "@/test/set-env";
import { signedInJar } from "@/test/sign-in";
import { waitFor } from "@/test/wait-for";

let redis: RedisHarness;
let platform: EmulatorHarness;
let observer: RedisLink; // another instance, looking at what Redis holds
let ada: CookieJar;
let guild: string;
let savedRedisUrl: string | undefined;

beforeAll(async () => {
  redis = await startRedisHarness({ persistent: true });
  platform = await startEmulatorHarness();
  savedRedisUrl = process.env.REDIS_URL;
  setEnv({ REDIS_URL: redis.url });
  observer = redis.link();
  await Promise.all([linkUp(redisLink()!), linkUp(observer)]);
  await getDb();
  guild = addScratchGuild(platform, "workshop");
  ada = await signedInJar(platform);
});
afterAll(async () => {
  if (savedRedisUrl === undefined) delete process.env.REDIS_URL;
  else process.env.REDIS_URL = savedRedisUrl;
  setEnv({});
  await platform.stop();
  await redis.stop();
});

const readMe = (jar: CookieJar) => call(me, "/api/users/@me", { jar, params: { userId: "@me" } });
const readWelcome = () => pluginCall(ada, "GET", `welcome/config/${guild}`);
const patchWelcome = (enabled: boolean) => pluginCall(ada, "PATCH", `welcome/config/${guild}`, { body: { enabled, join_enabled: false } });
const openGuildPage = (jar: CookieJar) => middleware(new NextRequest(`http://localhost:3000/en/dashboard/${guild}/welcome`, { headers: { cookie: jar.header() } }));
const budgetKeys = () => observer.client.keys("guildhall:budget:*");
// A take that runs past the command timeout (a loaded machine; the script loaded again after a
// restart) is answered in process, by design: the next reads spend their budget in Redis.
const budgetsInRedis = () => waitFor(async () => (await readWelcome()).status === 200 && (await budgetKeys()).length > 0, 10_000, "budgets spent in Redis");

it("answers reads and lands writes while Redis is down, and shares again once it is back", async () => {
  // Up: the budgets, the platform cache and the session check live in Redis.
  await budgetsInRedis();
  const sharedCache = new SharedTtlCache(observer);
  expect(await sharedCache.peek(`${guildKey(guild)}guild`)).toBeDefined();

  let resynced!: () => void;
  const resync = new Promise<void>((resolve) => (resynced = resolve));
  const unsubscribe = await subscribePlayer(guild, () => undefined, resynced);

  await redis.kill();
  await linkDown(redisLink()!);

  // Down: reads answer, from this instance's own state…
  expect((await readMe(ada)).status).toBe(200);
  expect((await readWelcome()).status).toBe(200);
  expect((await openGuildPage(ada)).status).toBe(200);
  expect((await getGuild(guild)).id).toBe(guild);
  // …and writes land in the database.
  expect((await patchWelcome(true)).status).toBe(200);
  expect(await readBody(await readWelcome())).toMatchObject({ enabled: true });
  expect((await patchWelcome(false)).status).toBe(200);
  expect(await readBody(await readWelcome())).toMatchObject({ enabled: false });

  await redis.restart();
  await Promise.all([linkUp(redisLink()!), linkUp(observer)]);

  // Back, by itself: budgets are spent in Redis again, the player's streams read their state again.
  await observer.client.flushAll(); // what the restart brought back from disk is not what is checked here
  await budgetsInRedis();
  await resync;
  unsubscribe();
});

it("sends Redis, once back, the invalidations and sign-outs it could not take meanwhile", async () => {
  const sharedCache = new SharedTtlCache(observer);
  const sessions = new SharedSessionCache(observer);
  const jar = await signedInJar(platform);
  const session = (await unseal(SESSION_COOKIE, jar.cookies.get("gh_session")))!;
  // Cached in Redis (and kept on disk): the guild, and the session as a positive check.
  await getGuild(guild);
  expect((await readMe(jar)).status).toBe(200);
  expect(await sessions.cachedUser(session.sid, Date.now())).toBe(session.userId);
  expect(await sharedCache.peek(`${guildKey(guild)}guild`)).toBeDefined();

  const pubsubBack = subscriberBack(redisLink()!);
  await redis.kill();
  await linkDown(redisLink()!);
  // Down: the guild's cache is dropped and the session signed out, in the database only so far.
  await refreshGuildCache(guild);
  expect((await call(logout, "/api/logout", { method: "POST", jar })).status).toBeLessThan(300);
  expect((await readMe(jar)).status).toBe(401);

  await redis.restart();
  await Promise.all([linkUp(redisLink()!), linkUp(observer), pubsubBack]);
  // This instance sent what it kept for Redis as soon as it was connected: a command after them answers after them.
  await redisLink()!.client.ping();
  expect(await sharedCache.peek(`${guildKey(guild)}guild`)).toBeUndefined();
  expect(await sessions.cachedUser(session.sid, Date.now())).toBeUndefined();
  expect((await readMe(jar)).status).toBe(401);
});
