/** @jest-environment node */
// Session revocation and live events across instances, through one redis-server. This process,
// with REDIS_URL, is instance A (the real routes); instance B is a second link with its own session
// cache and topic hubs. A sign-out on one refuses the cookie on the other at once and closes the
// other's streams of that session; a music state published on one reaches a subscriber on the other.
import { POST as logout } from "@/app/api/logout/route";
import { GET as me } from "@/app/api/users/[userId]/route";
import { getDb } from "@/lib/db/client";
import { TopicHub } from "@/lib/live/hub";
import { publish as publishPlayer, subscribe as subscribePlayer } from "@/lib/music/live";
import type { PlayerState } from "@/lib/music/state";
import type { RedisLink } from "@/lib/redis/link";
import { redisLink } from "@/lib/redis/process-link";
import { unseal } from "@/lib/session/cookie";
import { revokeSessionRecord } from "@/lib/session/records";
import { SESSION_COOKIE } from "@/lib/session/session-cookie";
import { watchSessionEnd } from "@/lib/session/session-ends";
import { SharedSessionCache } from "@/lib/session/shared-session-cache";
import { startEmulatorHarness, type EmulatorHarness } from "@/test/emulator-harness";
import { linkUp, startRedisHarness, type RedisHarness } from "@/test/redis-harness";
import { call, type CookieJar } from "@/test/route-client";
import { setEnv } from "@/test/set-env";
import { signedInJar } from "@/test/sign-in";

let redis: RedisHarness;
let platform: EmulatorHarness;
let instanceB: RedisLink;
let savedRedisUrl: string | undefined;

beforeAll(async () => {
  redis = await startRedisHarness();
  platform = await startEmulatorHarness();
  instanceB = redis.link();
  savedRedisUrl = process.env.REDIS_URL;
  setEnv({ REDIS_URL: redis.url });
  await Promise.all([linkUp(redisLink()!), linkUp(instanceB)]);
  await getDb();
});
afterAll(async () => {
  if (savedRedisUrl === undefined) delete process.env.REDIS_URL;
  else process.env.REDIS_URL = savedRedisUrl;
  setEnv({});
  await platform.stop();
  await redis.stop();
});

const readMe = (jar: CookieJar) => call(me, "/api/users/@me", { jar, params: { userId: "@me" } });

async function sessionOf(jar: CookieJar) {
  const session = await unseal(SESSION_COOKIE, jar.cookies.get("gh_session"));
  if (!session) throw new Error("no session cookie in the jar");
  return session;
}

/** Subscribes to `topic`; `next` resolves with the first message heard from then on. */
async function nextMessage<T>(hub: TopicHub<T>, topic: string, wanted: (message: T) => boolean = () => true): Promise<{ next: Promise<T> }> {
  let heard!: (message: T) => void;
  const message = new Promise<T>((resolve) => (heard = resolve));
  const unsubscribe = await hub.subscribe(topic, (value) => wanted(value) && heard(value));
  return { next: message.finally(unsubscribe) };
}

describe("session revocation", () => {
  it("refuses on A, at once, a cookie B signed out (its record and the shared cache)", async () => {
    const jar = await signedInJar(platform);
    expect((await readMe(jar)).status).toBe(200); // A now trusts the session for 15 s
    const session = await sessionOf(jar);
    // Instance B's sign-out: the record, B's cache (the shared one), B's announcement.
    const b = new SharedSessionCache(instanceB);
    await revokeSessionRecord(await getDb(), session.sid, new Date());
    await b.forget(session.sid);
    expect((await readMe(jar)).status).toBe(401);
  });

  it("shows B the entry A cached, and refuses it on B once A signs out through its route", async () => {
    const jar = await signedInJar(platform);
    expect((await readMe(jar)).status).toBe(200);
    const session = await sessionOf(jar);
    const b = new SharedSessionCache(instanceB);
    expect(await b.cachedUser(session.sid, Date.now())).toBe(session.userId);
    expect((await call(logout, "/api/logout", { method: "POST", jar })).status).toBeLessThan(300);
    expect(await b.cachedUser(session.sid, Date.now())).toBeUndefined();
  });

  it("does not let a check B began before A's sign-out cache the session after it", async () => {
    const b = new SharedSessionCache(instanceB);
    const a = new SharedSessionCache(redisLink()!);
    const epoch = await b.epoch(); // B reads the epoch, then the (still live) record…
    await a.forget("sid-being-checked"); // …A signs it out meanwhile…
    await b.remember("sid-being-checked", "42", 15_000, Date.now() + 15_000, epoch); // …B's late answer is not kept.
    expect(await b.cachedUser("sid-being-checked", Date.now())).toBeUndefined();
    await b.remember("sid-being-checked", "42", 15_000, Date.now() + 15_000, await b.epoch());
    expect(await b.cachedUser("sid-being-checked", Date.now())).toBe("42");
    await a.forgetUser("42");
    expect(await b.cachedUser("sid-being-checked", Date.now())).toBeUndefined();
  });

  it("ends A's watchers of a session (its music streams) when B announces its end", async () => {
    const ended = new Promise<void>((resolve) => watchSessionEnd({ sid: "sid-on-a", userId: "7" }, resolve));
    const sessionEndsOnB = new TopicHub<{ sid: string } | { userId: string }>("session-ends", instanceB);
    await sessionEndsOnB.subscribe("ended", () => undefined); // B listens too, as every instance does
    await sessionEndsOnB.publish("ended", { sid: "sid-on-a" });
    await ended;
  });
});

describe("live events", () => {
  const state = (version: number) => ({ version, status: "playing", tracks: [] }) as unknown as PlayerState;

  it("carries a music state published on A to a subscriber on B, and B's to A's streams", async () => {
    const musicOnB = new TopicHub<PlayerState>("music", instanceB);
    const onB = await nextMessage(musicOnB, "guild-1");
    await publishPlayer("guild-1", state(3));
    expect((await onB.next).version).toBe(3);

    const heardOnA: number[] = [];
    let heard!: () => void;
    const arrived = new Promise<void>((resolve) => (heard = resolve));
    const unsubscribe = await subscribePlayer("guild-2", (received) => {
      heardOnA.push(received.version);
      heard();
    });
    await musicOnB.publish("guild-2", state(8));
    await arrived;
    unsubscribe();
    expect(heardOnA).toEqual([8]);
  });

  it("delivers one copy to the publishing instance's own subscribers", async () => {
    const hubA = new TopicHub<number>("counter", redisLink()!);
    const hubB = new TopicHub<number>("counter", instanceB);
    const heard: number[] = [];
    await hubA.subscribe("t", (value) => heard.push(value));
    const onB = await nextMessage(hubB, "t");
    await hubA.publish("t", 1);
    await hubA.publish("t", 2);
    // B heard the first; A's one subscriber hears each once, in order, through Redis like B.
    expect(await onB.next).toBe(1);
    // Waits for 3 itself: on a loaded machine 2 may still be on its way when this subscribes.
    const third = await nextMessage(hubA, "t", (value) => value === 3);
    await hubA.publish("t", 3);
    await third.next;
    expect(heard).toEqual([1, 2, 3]);
  });
});
