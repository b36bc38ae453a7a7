/** @jest-environment node */
// The realtime channel (spec 4): HELLO first with the heartbeat interval, HEARTBEAT answered by
// HEARTBEAT_ACK, IDENTIFY with a guild only for its managers, a save made through the API
// dispatched at once to the guild's open tabs (GUILD_SETTINGS_UPDATE) and a teammate's
// notification (NOTIFICATION_CREATE), a stream closed when its heartbeats stop or its session
// ends, and a cap on streams per session.
import { GET as openStream } from "@/app/api/realtime/route";
import { POST as sendMessage } from "@/app/api/realtime/messages/route";
import { POST as logout } from "@/app/api/logout/route";
import { POST as seenAll } from "@/app/api/notifications/seen-all/route";
import { USER_IDS } from "@/emulators/platform/data/ids";
import { getDb } from "@/lib/db/client";
import { OP } from "@/lib/realtime/opcodes";
import { MAX_STREAMS_PER_SESSION, openRealtimeStream, type Every } from "@/lib/realtime/stream";
import { unseal } from "@/lib/session/cookie";
import { SESSION_COOKIE } from "@/lib/session/session-cookie";
import { isEnvelope, pluginCall, readBody } from "@/test/api";
import { startEmulatorHarness, type EmulatorHarness } from "@/test/emulator-harness";
import { call, type CookieJar } from "@/test/route-client";
import { addScratchGuild } from "@/test/scratch-guild";
import { signedInJar } from "@/test/sign-in";
import { nextMatching, readSse, type SseReader } from "@/test/sse-reader";

let harness: EmulatorHarness;
let ada: CookieJar;
let chen: CookieJar;
let bjorn: CookieJar;

beforeAll(async () => {
  harness = await startEmulatorHarness();
  [ada, chen, bjorn] = await Promise.all([signedInJar(harness), signedInJar(harness, USER_IDS.chen), signedInJar(harness, USER_IDS.bjorn)]);
});
afterAll(() => harness.stop());

const open: SseReader[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((stream) => stream.cancel().catch(() => undefined)));
});

async function connect(jar: CookieJar): Promise<{ stream: SseReader; id: string; hello: Record<string, unknown> }> {
  const response = await call(openStream, "/api/realtime", { jar });
  expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
  const stream = readSse(response);
  open.push(stream);
  const hello = await stream.next();
  return { stream, id: (hello.d as { stream_id: string }).stream_id, hello };
}

const post = (jar: CookieJar, body: unknown) => call(sendMessage, "/api/realtime/messages", { method: "POST", jar, body });
const identify = (jar: CookieJar, id: string, guildId: string | null) => post(jar, { op: OP.IDENTIFY, d: { stream_id: id, guild_id: guildId } });
const heartbeat = (jar: CookieJar, id: string, seq: number) => post(jar, { op: OP.HEARTBEAT, d: { stream_id: id, seq } });

async function sessionOf(jar: CookieJar) {
  const session = await unseal(SESSION_COOKIE, jar.cookies.get("gh_session"));
  if (!session) throw new Error("no session cookie in the jar");
  return session;
}

describe("opcodes", () => {
  it("says HELLO first with the heartbeat interval, answers each HEARTBEAT with its ACK and IDENTIFY with READY", async () => {
    const { stream, id, hello } = await connect(ada);
    expect(hello).toEqual({ op: OP.HELLO, d: { heartbeat_interval: 30_000, stream_id: id } });
    expect((await heartbeat(ada, id, 1)).status).toBe(202);
    expect(await stream.next()).toEqual({ op: OP.HEARTBEAT_ACK, d: { seq: 1 } });
    expect((await identify(ada, id, null)).status).toBe(202);
    expect(await stream.next()).toMatchObject({ op: OP.DISPATCH, t: "READY", s: 1, d: { guild_id: null, unread: expect.any(Number), unseen: expect.any(Number) } });
    expect((await heartbeat(ada, id, 2)).status).toBe(202);
    expect(await stream.next()).toEqual({ op: OP.HEARTBEAT_ACK, d: { seq: 2 } });
  });

  it("refuses a malformed message, and another session's messages never reach the stream", async () => {
    const { stream, id } = await connect(ada);
    for (const body of [{ op: 3, d: { stream_id: id } }, { op: OP.HEARTBEAT, d: { stream_id: "short", seq: 1 } }, { op: OP.HEARTBEAT, d: { stream_id: id, seq: -1 } }, { op: OP.IDENTIFY, d: { stream_id: id, guild_id: "nope" } }]) {
      const response = await post(ada, body);
      expect({ status: response.status, envelope: isEnvelope(await readBody(response), 400) }).toEqual({ status: 400, envelope: true });
    }
    // bjorn's heartbeat naming Ada's stream is accepted by the route (it cannot know where the stream is) and ignored by the stream.
    expect((await heartbeat(bjorn, id, 7)).status).toBe(202);
    expect((await heartbeat(ada, id, 8)).status).toBe(202);
    expect(await stream.next()).toEqual({ op: OP.HEARTBEAT_ACK, d: { seq: 8 } });
  });

  it("identifies with a guild only for one of its managers (403 for a member who does not manage it)", async () => {
    const guild = addScratchGuild(harness, "workshop");
    const { id } = await connect(bjorn);
    const refused = await identify(bjorn, id, guild);
    expect({ status: refused.status, code: ((await readBody(refused)) as { code: string }).code }).toEqual({ status: 403, code: "guild_forbidden" });
  });
});

describe("dispatch", () => {
  it("tells a tab on the guild, at once, of a teammate's save through the API, and brings the teammate's notification", async () => {
    const guild = addScratchGuild(harness, "workshop");
    const { stream, id } = await connect(ada);
    expect((await identify(ada, id, guild)).status).toBe(202);
    expect(await stream.next()).toMatchObject({ t: "READY", d: { guild_id: guild } });
    // Chen opens the page (known as a manager), then saves.
    expect((await pluginCall(chen, "GET", `welcome/config/${guild}`)).status).toBe(200);
    const saved = await pluginCall(chen, "PATCH", `welcome/config/${guild}`, { body: { join_message: "Hi {user.mention}" } });
    const version = ((await saved.json()) as { version: number }).version;

    const update = await nextMatching(stream, (message) => message.t === "GUILD_SETTINGS_UPDATE");
    expect(update).toMatchObject({ op: OP.DISPATCH, d: { guild_id: guild, plugin_id: "welcome", version, user: { id: USER_IDS.chen, name: "Chen Wei" } } });
    const created = await nextMatching(stream, (message) => message.t === "NOTIFICATION_CREATE");
    expect(created).toMatchObject({ d: { notification: { kind: "settings_changed", guild_id: guild, text: "Chen Wei changed the Welcome settings in Ada's Workshop (scratch)." }, unseen: expect.any(Number) } });

    // The list opened in another tab: this one's count follows.
    await call(seenAll, "/api/notifications/seen-all", { method: "POST", jar: ada });
    expect(await nextMatching(stream, (message) => message.t === "NOTIFICATION_COUNTS")).toMatchObject({ d: { unseen: 0 } });
  });

  it("does not send another guild's changes to a tab identified elsewhere", async () => {
    const [mine, other] = [addScratchGuild(harness, "workshop"), addScratchGuild(harness, "workshop")];
    const { stream, id } = await connect(ada);
    await identify(ada, id, mine);
    await nextMatching(stream, (message) => message.t === "READY");
    await pluginCall(ada, "PATCH", `welcome/config/${other}`, { body: { join_message: "Elsewhere {user.mention}" } });
    await pluginCall(ada, "PATCH", `welcome/config/${mine}`, { body: { join_message: "Here {user.mention}" } });
    expect(await nextMatching(stream, (message) => message.t === "GUILD_SETTINGS_UPDATE")).toMatchObject({ d: { guild_id: mine } });
  });
});

describe("limits", () => {
  it("closes a stream whose tab stops sending heartbeats, not one that keeps sending them", async () => {
    const session = await sessionOf(ada);
    const ticks: Array<() => void> = [];
    const every: Every = (tick) => {
      ticks.push(tick);
      return () => undefined;
    };
    const quiet = readSse(await openRealtimeStream(await getDb(), session, "en", new AbortController().signal, { heartbeatMs: 1000, every }));
    const lively = readSse(await openRealtimeStream(await getDb(), session, "en", new AbortController().signal, { heartbeatMs: 1000, every }));
    open.push(quiet, lively);
    const ids = await Promise.all([quiet, lively].map(async (stream) => ((await stream.next()).d as { stream_id: string }).stream_id));
    // The first beat starts the count; two intervals without a heartbeat then close the quiet one.
    for (let beat = 1; beat <= 3; beat++) {
      await heartbeat(ada, ids[1]!, beat);
      expect(await lively.next()).toEqual({ op: OP.HEARTBEAT_ACK, d: { seq: beat } });
      for (const tick of ticks) tick();
    }
    await quiet.closed();
    await heartbeat(ada, ids[1]!, 4);
    expect(await lively.next()).toEqual({ op: OP.HEARTBEAT_ACK, d: { seq: 4 } });
  });

  it("ends the session's streams when it signs out", async () => {
    const jar = await signedInJar(harness);
    const { stream } = await connect(jar);
    expect((await call(logout, "/api/logout", { method: "POST", jar })).status).toBeLessThan(300);
    await stream.closed();
  });

  it(`holds at most ${MAX_STREAMS_PER_SESSION} streams per session: one more is 429`, async () => {
    const jar = await signedInJar(harness);
    for (let index = 0; index < MAX_STREAMS_PER_SESSION; index++) await connect(jar);
    const refused = await call(openStream, "/api/realtime", { jar });
    expect({ status: refused.status, code: ((await readBody(refused)) as { code: string }).code }).toEqual({ status: 429, code: "too_many_streams" });
  });
});
