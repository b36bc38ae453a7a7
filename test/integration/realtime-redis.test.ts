/** @jest-environment node */
// The realtime channel across instances, through one redis-server: this process, with REDIS_URL,
// is instance A holding the tab's stream; instance B is a second link with its own hub, where the
// tab's POSTs and other tabs' saves may land. What B publishes reaches A's stream.
import { GET as openStream } from "@/app/api/realtime/route";
import { POST as sendMessage } from "@/app/api/realtime/messages/route";
import { USER_IDS } from "@/emulators/platform/data/ids";
import { getDb } from "@/lib/db/client";
import { TopicHub } from "@/lib/live/hub";
import { addNotifications } from "@/lib/notifications/store";
import type { RedisLink } from "@/lib/redis/link";
import { redisLink } from "@/lib/redis/process-link";
import { guildTopic, streamTopic, userTopic, type RealtimeMessage } from "@/lib/realtime/hub";
import { OP } from "@/lib/realtime/opcodes";
import { unseal } from "@/lib/session/cookie";
import { SESSION_COOKIE } from "@/lib/session/session-cookie";
import { startEmulatorHarness, type EmulatorHarness } from "@/test/emulator-harness";
import { linkUp, startRedisHarness, type RedisHarness } from "@/test/redis-harness";
import { call, type CookieJar } from "@/test/route-client";
import { addScratchGuild } from "@/test/scratch-guild";
import { setEnv } from "@/test/set-env";
import { signedInJar } from "@/test/sign-in";
import { nextMatching, readSse } from "@/test/sse-reader";

let redis: RedisHarness;
let platform: EmulatorHarness;
let instanceB: RedisLink;
let savedRedisUrl: string | undefined;
let ada: CookieJar;

beforeAll(async () => {
  redis = await startRedisHarness();
  platform = await startEmulatorHarness();
  instanceB = redis.link();
  savedRedisUrl = process.env.REDIS_URL;
  setEnv({ REDIS_URL: redis.url });
  await Promise.all([linkUp(redisLink()!), linkUp(instanceB)]);
  ada = await signedInJar(platform);
});
afterAll(async () => {
  if (savedRedisUrl === undefined) delete process.env.REDIS_URL;
  else process.env.REDIS_URL = savedRedisUrl;
  setEnv({});
  await platform.stop();
  await redis.stop();
});

it("carries to a stream on A what instance B publishes: the tab's heartbeat, a guild's save, a notification", async () => {
  const guild = addScratchGuild(platform, "workshop");
  const stream = readSse(await call(openStream, "/api/realtime", { jar: ada }));
  try {
    const streamId = ((await stream.next()).d as { stream_id: string }).stream_id;
    expect((await call(sendMessage, "/api/realtime/messages", { method: "POST", jar: ada, body: { op: OP.IDENTIFY, d: { stream_id: streamId, guild_id: guild } } })).status).toBe(202);
    await nextMatching(stream, (message) => message.t === "READY");

    const hubB = new TopicHub<RealtimeMessage>("realtime", instanceB);
    await hubB.subscribe("unused", () => undefined); // B listens too, as every instance does
    const session = (await unseal(SESSION_COOKIE, ada.cookies.get("gh_session")))!;
    // The tab's heartbeat POST landed on B.
    await hubB.publish(streamTopic(streamId), { type: "client", sid: session.sid, message: { op: OP.HEARTBEAT, d: { stream_id: streamId, seq: 41 } } });
    expect(await nextMatching(stream, (message) => message.op === OP.HEARTBEAT_ACK)).toEqual({ op: OP.HEARTBEAT_ACK, d: { seq: 41 } });

    // Another admin's save handled by B.
    await hubB.publish(guildTopic(guild), { type: "guild_settings", update: { guild_id: guild, plugin_id: "welcome", version: 9, user: { id: USER_IDS.chen, name: "Chen Wei" } } });
    expect(await nextMatching(stream, (message) => message.t === "GUILD_SETTINGS_UPDATE")).toMatchObject({ d: { guild_id: guild, plugin_id: "welcome", version: 9 } });

    // A notification written by B's worker, signalled by B.
    await addNotifications(await getDb(), [{ userId: USER_IDS.ada, kind: "custom_bot_blocked", guildId: guild, params: {} }]);
    await hubB.publish(userTopic(USER_IDS.ada), { type: "notifications" });
    expect(await nextMatching(stream, (message) => message.t === "NOTIFICATION_CREATE")).toMatchObject({ d: { notification: { kind: "custom_bot_blocked", guild_id: guild } } });
  } finally {
    await stream.cancel();
  }
});
