/** @jest-environment node */
// The music player: tracks from YouTube search and pasted links (the social fake's YouTube and
// oEmbed hosts), queue and playback semantics, validation, the outbox, commands of two
// dashboards at once, lazy advance and the live event stream.
import { and, asc, eq } from "drizzle-orm";
import { GET as getPlugin } from "@/app/api/plugins/[...path]/route";
import { MUSIC_VIDEOS, musicVideo, watchUrl } from "@/emulators/social/youtube/music";
import { getDb } from "@/lib/db/client";
import { POST as logoutAll } from "@/app/api/logout/all/route";
import { POST as logout } from "@/app/api/logout/route";
import { musicCommands, musicPlayers, sessions } from "@/lib/db/schema";
import { resetEnvCache } from "@/lib/env";
import { LOCALE_HEADER } from "@/lib/http/api-locale";
import { HEARTBEAT_MS, MAX_STREAMS_PER_SESSION } from "@/lib/music/event-stream";
import { listenerCount } from "@/lib/music/live";
import { unseal } from "@/lib/session/cookie";
import { clearSessionCacheForTests } from "@/lib/session/session-cache";
import { SESSION_COOKIE } from "@/lib/session/session-cookie";
import type { PlayerState } from "@/lib/music/state";
import { isoDurationSeconds } from "@/lib/providers/youtube/iso-duration";
import { isEnvelope, pluginCall, readBody, type Envelope, type Method } from "@/test/api";
import { startEmulatorHarness, type EmulatorHarness } from "@/test/emulator-harness";
import { guildRefs } from "@/test/guild-harness";
import { countPageExpiries } from "@/test/page-expiries";
import { call, type CookieJar } from "@/test/route-client";
import { addScratchGuild } from "@/test/scratch-guild";
import { withEnv } from "@/test/set-env";
import { signedInJar } from "@/test/sign-in";
import { socialHarnessForThisBlock } from "@/test/social-harness";

const social = socialHarnessForThisBlock();
let harness: EmulatorHarness;
// Two sessions of the guild's owner: two open dashboards.
let first: CookieJar;
let second: CookieJar;
let refs: Awaited<ReturnType<typeof guildRefs>>;

beforeAll(async () => {
  process.env.RATE_LIMIT_WRITES_PER_MINUTE = "100000";
  process.env.RATE_LIMIT_READS_PER_MINUTE = "100000";
  harness = await startEmulatorHarness();
  resetEnvCache();
  [first, second] = [await signedInJar(harness), await signedInJar(harness)];
});
afterAll(() => harness.stop());

/** A fresh copy of workshop per test: each starts with an empty player. */
async function freshGuild(): Promise<string> {
  const guildId = addScratchGuild(harness, "workshop");
  refs = await guildRefs(guildId);
  return guildId;
}

/** A track of the fake YouTube's music, as the player should store it. */
function track(title: string) {
  const video = musicVideo(title);
  return { title, artist: video.artist, url: watchUrl(video.id), duration_ms: isoDurationSeconds(video.duration)! * 1000 };
}
const SATIE = track("Gymnopédie No. 1");
const ELISE = track("Für Elise");
const MAPLE = track("Maple Leaf Rag");
const DUCK = track("Fluffing a Duck");
const CLAIR = track("Clair de lune");
/** The fake SoundCloud's: its host does not tell the length. */
const NIGHT_ENGINES = { title: "Night Engines", artist: "Ada Moon", url: "https://soundcloud.com/ada-moon/night-engines" };

async function send(jar: CookieJar, guildId: string, method: Method, path: string, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; body: PlayerState & Envelope & { tracks: unknown[]; added_id?: string } }> {
  const response = await pluginCall(jar, method, `/music/guilds/${guildId}/${path}`, { body, headers });
  return { status: response.status, body: (await readBody(response)) as PlayerState & Envelope & { tracks: unknown[] } };
}

async function ok(jar: CookieJar, guildId: string, method: Method, path: string, body?: unknown): Promise<PlayerState> {
  const answer = await send(jar, guildId, method, path, body);
  if (answer.status >= 300) throw new Error(`${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

const titles = (state: PlayerState) => state.tracks.map((item) => item.title);
const current = (state: PlayerState) => state.tracks[state.current_index]?.title ?? null;

async function queueOf(guildId: string, ...tracks: Array<{ url: string }>): Promise<PlayerState> {
  let state: PlayerState | undefined;
  for (const item of tracks) state = await ok(first, guildId, "POST", "tracks", { url: item.url });
  return state!;
}

async function outbox(guildId: string) {
  const db = await getDb();
  return db.select().from(musicCommands).where(eq(musicCommands.guildId, guildId)).orderBy(asc(musicCommands.id));
}

type Found = { tracks: Array<{ title: string; artist: string; url: string; duration_ms: number | null }> };

describe("search", () => {
  it("answers from YouTube's music, with lengths, accent- and case-blind", async () => {
    const guildId = await freshGuild();
    const chopin = await send(first, guildId, "GET", "search?q=chopin");
    expect(chopin.status).toBe(200);
    const found = (chopin.body as unknown as Found).tracks;
    expect(found.length).toBe(MUSIC_VIDEOS.filter((item) => item.artist.includes("Chopin")).length);
    expect(found.every((item) => item.artist === "Frédéric Chopin" && item.url.startsWith("https://www.youtube.com/watch?v="))).toBe(true);
    const elise = (await send(first, guildId, "GET", "search?q=FUR%20elise")).body as unknown as Found;
    expect(elise.tracks).toEqual([expect.objectContaining(ELISE)]);
  });

  it("answers a pasted link with the track behind it, and refuses other hosts in the caller's language", async () => {
    const guildId = await freshGuild();
    const pasted = await send(first, guildId, "GET", `search?${new URLSearchParams({ q: `${NIGHT_ENGINES.url}?utm_source=clipboard` })}`);
    expect(pasted).toMatchObject({ status: 200, body: { tracks: [{ ...NIGHT_ENGINES, duration_ms: null }] } });
    const other = await send(first, guildId, "GET", `search?${new URLSearchParams({ q: "https://example.com/song.mp3" })}`, undefined, { [LOCALE_HEADER]: "de" });
    expect(other).toMatchObject({ status: 400, body: { code: "validation_failed", fields: [{ path: "q", code: "unsupported_link" }] } });
    expect(other.body.message).toMatch(/Link zu einem Titel/);
  });

  it("without a YouTube key says search is not set up (503 provider_not_configured), while pasted links still go in", async () => {
    const guildId = await freshGuild();
    await withEnv({ YOUTUBE_API_KEY: undefined }, async () => {
      expect(await send(first, guildId, "GET", "search?q=joplin")).toMatchObject({ status: 503, body: { code: "provider_not_configured" } });
      const byLink = await send(first, guildId, "POST", "tracks", { url: MAPLE.url });
      expect(byLink.status).toBe(201);
      // oEmbed gives no length; without the key nothing else does.
      expect(byLink.body.tracks).toEqual([expect.objectContaining({ title: MAPLE.title, artist: MAPLE.artist, url: MAPLE.url, duration_ms: null })]);
      expect((await send(first, guildId, "POST", "tracks", { url: "https://vimeo.com/76979871" })).body.tracks[1]).toMatchObject({ title: "Night Engines (live session)", duration_ms: 247_000 });
    });
    expect((await social.calls("youtube")).paths.every((path) => path.startsWith("GET /oembed?"))).toBe(true);
  });

  it("needs a query", async () => {
    const guildId = await freshGuild();
    const missing = await send(first, guildId, "GET", "search");
    expect(missing.status).toBe(400);
    expect(missing.body.fields?.[0]?.path).toBe("q");
    expect((await send(first, guildId, "GET", "search?q=%20%20")).status).toBe(400);
  });
});

describe("queue and playback", () => {
  it("adds at the end, or right after the current track with first", async () => {
    const guildId = await freshGuild();
    const empty = await ok(first, guildId, "GET", "state");
    expect(empty).toMatchObject({ status: "stopped", tracks: [], current_index: -1, voice_channel_id: null });
    const added = await send(first, guildId, "POST", "tracks", { url: SATIE.url });
    expect(added.status).toBe(201);
    expect(added.body.added_id).toBe(added.body.tracks[0] && (added.body.tracks[0] as { id: string }).id);
    await queueOf(guildId, ELISE, MAPLE);
    await ok(first, guildId, "POST", "join", { channel_id: refs.voice });
    await ok(first, guildId, "POST", "play", { index: 1 });
    const withFirst = await ok(first, guildId, "POST", "tracks", { url: DUCK.url, first: true });
    expect(titles(withFirst)).toEqual([SATIE.title, ELISE.title, DUCK.title, MAPLE.title]);
    expect(current(withFirst)).toBe(ELISE.title);
    expect(withFirst.tracks[2]).toMatchObject({ artist: DUCK.artist, duration_ms: DUCK.duration_ms, url: DUCK.url });
  });

  it("plays by index or url, pauses, resumes, goes next and previous", async () => {
    const guildId = await freshGuild();
    await queueOf(guildId, SATIE, ELISE, MAPLE);
    const notInVoice = await send(first, guildId, "POST", "play", {});
    expect(notInVoice).toMatchObject({ status: 409, body: { code: "not_in_voice" } });
    expect((await ok(first, guildId, "POST", "join", { channel_id: refs.voice })).voice_channel_id).toBe(refs.voice);

    const playing = await ok(first, guildId, "POST", "play", {});
    expect({ status: playing.status, current: current(playing) }).toEqual({ status: "playing", current: SATIE.title });
    const paused = await ok(first, guildId, "POST", "pause");
    expect(paused.status).toBe("paused");
    expect(paused.started_at).toBeNull();
    expect(paused.position_ms).toBeGreaterThanOrEqual(0);
    expect(await send(first, guildId, "POST", "pause")).toMatchObject({ status: 409, body: { code: "not_playing" } });
    const resumed = await ok(first, guildId, "POST", "resume");
    expect(resumed).toMatchObject({ status: "playing", position_ms: paused.position_ms });
    expect(await send(first, guildId, "POST", "resume")).toMatchObject({ status: 409, body: { code: "not_paused" } });

    expect(current(await ok(first, guildId, "POST", "next"))).toBe(ELISE.title);
    expect(current(await ok(first, guildId, "POST", "next"))).toBe(MAPLE.title);
    // Near a track's start, previous goes back a track.
    expect(current(await ok(first, guildId, "POST", "previous"))).toBe(ELISE.title);
    expect(current(await ok(first, guildId, "POST", "play", { index: 0 }))).toBe(SATIE.title);
    // On the first track it starts it again.
    const again = await ok(first, guildId, "POST", "previous");
    expect({ current: current(again), position: again.position_ms, status: again.status }).toEqual({ current: SATIE.title, position: 0, status: "playing" });

    // A url plays at once, right after the track that was playing.
    const byUrl = await ok(first, guildId, "POST", "play", { url: CLAIR.url });
    expect(titles(byUrl)).toEqual([SATIE.title, CLAIR.title, ELISE.title, MAPLE.title]);
    expect(current(byUrl)).toBe(CLAIR.title);

    await ok(first, guildId, "POST", "play", { index: 3 });
    const ended = await ok(first, guildId, "POST", "next");
    expect(ended).toMatchObject({ status: "stopped", current_index: -1, started_at: null });
    expect(await send(first, guildId, "POST", "next")).toMatchObject({ status: 409, body: { code: "nothing_playing" } });
    // After the end, previous cues the last track, paused.
    expect(await ok(first, guildId, "POST", "previous")).toMatchObject({ status: "paused", current_index: 3 });
    const outOfRange = await send(first, guildId, "POST", "play", { index: 4 });
    expect(outOfRange).toMatchObject({ status: 400, body: { code: "validation_failed", fields: [{ path: "index", code: "too_big", params: { max: 3 } }] } });
  });

  it("moves a track while the current one stays current, and removes tracks", async () => {
    const guildId = await freshGuild();
    const queued = await queueOf(guildId, SATIE, ELISE, MAPLE, DUCK);
    await ok(first, guildId, "POST", "join", { channel_id: refs.voice });
    await ok(first, guildId, "POST", "play", { index: 1 });
    const [satie, elise, maple, duck] = queued.tracks.map((item) => item.id);
    const moved = await ok(first, guildId, "POST", `tracks/${duck}/move`, { index: 0 });
    expect(titles(moved)).toEqual([DUCK.title, SATIE.title, ELISE.title, MAPLE.title]);
    expect(current(moved)).toBe(ELISE.title);
    // Past the end means last.
    expect(titles(await ok(first, guildId, "POST", `tracks/${satie}/move`, { index: 99 }))).toEqual([DUCK.title, ELISE.title, MAPLE.title, SATIE.title]);

    // Removing the current track cues the one after it, still playing.
    const removed = await ok(first, guildId, "DELETE", `tracks/${elise}`);
    expect({ titles: titles(removed), current: current(removed), status: removed.status }).toEqual({ titles: [DUCK.title, MAPLE.title, SATIE.title], current: MAPLE.title, status: "playing" });
    expect(await send(first, guildId, "DELETE", `tracks/${elise}`)).toMatchObject({ status: 404, body: { code: "track_not_found" } });
    expect(await send(first, guildId, "POST", `tracks/${elise}/move`, { index: 0 })).toMatchObject({ status: 404, body: { code: "track_not_found" } });
    expect(maple).toBeDefined();
  });

  it("leaving the voice channel pauses what plays", async () => {
    const guildId = await freshGuild();
    await queueOf(guildId, SATIE);
    await ok(first, guildId, "POST", "join", { channel_id: refs.voice });
    await ok(first, guildId, "POST", "play", {});
    expect(await ok(first, guildId, "POST", "join", { channel_id: null })).toMatchObject({ status: "paused", voice_channel_id: null });
  });

  it("moves past tracks that ended when the player is read, without any timer", async () => {
    const guildId = await freshGuild();
    await queueOf(guildId, DUCK, SATIE, ELISE);
    await ok(first, guildId, "POST", "join", { channel_id: refs.voice });
    await ok(first, guildId, "POST", "play", {});
    // As if the duck started 10 s longer ago than it lasts: it ended 10 s ago and Satie plays since.
    const db = await getDb();
    const startedAt = Date.now() - DUCK.duration_ms - 10_000;
    await db.update(musicPlayers).set({ startedAt: new Date(startedAt) }).where(eq(musicPlayers.guildId, guildId));
    const state = await ok(second, guildId, "GET", "state");
    expect(current(state)).toBe(SATIE.title);
    expect(Date.parse(state.started_at!)).toBe(startedAt + DUCK.duration_ms);
    expect(state.position_ms).toBe(0);
    // Long after the queue ended: stopped.
    await db.update(musicPlayers).set({ startedAt: new Date(Date.now() - 3_600_000) }).where(eq(musicPlayers.guildId, guildId));
    expect(await ok(second, guildId, "GET", "queue")).toMatchObject({ status: "stopped", current_index: -1 });
  });

  it("plays a track of unknown length until someone skips it", async () => {
    const guildId = await freshGuild();
    await queueOf(guildId, NIGHT_ENGINES, SATIE);
    await ok(first, guildId, "POST", "join", { channel_id: refs.voice });
    await ok(first, guildId, "POST", "play", {});
    const db = await getDb();
    await db.update(musicPlayers).set({ startedAt: new Date(Date.now() - 3_600_000) }).where(eq(musicPlayers.guildId, guildId));
    const state = await ok(second, guildId, "GET", "state");
    expect({ current: current(state), status: state.status, position: state.position_ms }).toEqual({ current: NIGHT_ENGINES.title, status: "playing", position: 0 });
    expect(state.tracks[0]!.duration_ms).toBeNull();
    expect(current(await ok(first, guildId, "POST", "next"))).toBe(SATIE.title);
  });
});

describe("validation", () => {
  it("refuses links of other hosts and tracks their host does not know, bad bodies and non-voice channels, in the caller's language", async () => {
    const guildId = await freshGuild();
    const unknown = await send(first, guildId, "POST", "tracks", { url: "https://www.youtube.com/watch?v=AAAAAAAAAAA" }, { [LOCALE_HEADER]: "fr" });
    expect(unknown).toMatchObject({ status: 400, body: { code: "validation_failed", fields: [{ path: "url", code: "unknown_track" }] } });
    expect(unknown.body.message).toMatch(/aucun morceau/);
    const elsewhere = await send(first, guildId, "POST", "play", { url: "https://catalog.music.example/tracks/satie" }, { [LOCALE_HEADER]: "fr" });
    expect(elsewhere).toMatchObject({ status: 400, body: { code: "validation_failed", fields: [{ path: "url", code: "unsupported_link" }] } });
    expect(elsewhere.body.message).toMatch(/Collez le lien d’un morceau/);
    expect(await send(first, guildId, "POST", "tracks", { url: "not a link" })).toMatchObject({ status: 400, body: { fields: [{ path: "url", code: "invalid_link" }] } });
    expect(await send(first, guildId, "POST", "tracks", { url: SATIE.url, extra: 1 })).toMatchObject({ status: 400 });
    expect(await send(first, guildId, "POST", "tracks", { url: SATIE.url, first: "yes" })).toMatchObject({ status: 400, body: { fields: [{ path: "first" }] } });
    expect(await send(first, guildId, "POST", "play", { url: SATIE.url, index: 0 })).toMatchObject({ status: 400, body: { fields: [{ path: "index" }] } });
    expect(await send(first, guildId, "POST", "join", { channel_id: refs.channel })).toMatchObject({ status: 400, body: { fields: [{ path: "channel_id", code: "wrong_channel_type" }] } });
    expect(await send(first, guildId, "POST", "join", { channel_id: "123456789012345678" })).toMatchObject({ status: 400, body: { fields: [{ path: "channel_id", code: "unknown_channel" }] } });
    expect(await send(first, guildId, "POST", "join", {})).toMatchObject({ status: 400, body: { fields: [{ path: "channel_id" }] } });
    expect(await send(first, guildId, "POST", "tracks/not-a-uuid/move", { index: 0 })).toMatchObject({ status: 400 });
    expect(await send(first, guildId, "POST", "play", { index: -1 })).toMatchObject({ status: 400, body: { fields: [{ path: "index" }] } });
    expect((await outbox(guildId)).length).toBe(0);
  });

  it("keeps to the plugin's song length (when the host tells it) and queue size", async () => {
    const guildId = await freshGuild();
    const saved = await pluginCall(first, "PATCH", `/music/config/${guildId}`, { body: { max_song_minutes: 4, max_queue_length: 2 } });
    expect(saved.status).toBe(200);
    expect(await send(first, guildId, "POST", "tracks", { url: CLAIR.url })).toMatchObject({ status: 400, body: { fields: [{ path: "url", code: "track_too_long", params: { max: 4 } }] } });
    // SoundCloud does not tell: the track goes in, and the bot, which streams it, keeps to the limit.
    await queueOf(guildId, NIGHT_ENGINES);
    await ok(first, guildId, "DELETE", `tracks/${(await ok(first, guildId, "GET", "state")).tracks[0]!.id}`);
    await queueOf(guildId, DUCK, ELISE);
    expect(await send(first, guildId, "POST", "tracks", { url: SATIE.url })).toMatchObject({ status: 409, body: { code: "queue_full", fields: [{ path: "url", code: "queue_full", params: { max: 2 } }] } });
    expect(titles(await ok(first, guildId, "GET", "state"))).toEqual([DUCK.title, ELISE.title]);
  });
});

describe("link hosts", () => {
  it("answer 503 when they fail, and nothing is queued", async () => {
    const guildId = await freshGuild();
    await social.fault("soundcloud", 503);
    expect(await send(first, guildId, "POST", "tracks", { url: NIGHT_ENGINES.url })).toMatchObject({ status: 503, body: { code: "provider_unavailable" } });
    await social.fault("vimeo", 429);
    expect(await send(first, guildId, "POST", "play", { url: "https://vimeo.com/76979871" })).toMatchObject({ status: 429, body: { code: "provider_rate_limited" } });
    expect((await ok(first, guildId, "GET", "state")).tracks).toEqual([]);
    expect((await outbox(guildId)).length).toBe(0);
  });
});

describe("outbox", () => {
  it("writes one command for the bot per accepted command, with the state's version and the issuer", async () => {
    const guildId = await freshGuild();
    const added = await queueOf(guildId, SATIE, ELISE);
    await ok(first, guildId, "POST", "join", { channel_id: refs.voice });
    await ok(first, guildId, "POST", "play", {});
    await ok(first, guildId, "POST", "pause");
    await send(first, guildId, "POST", "pause"); // refused: no command
    await ok(first, guildId, "POST", "resume");
    await ok(first, guildId, "POST", "next");
    await ok(first, guildId, "POST", "previous");
    await ok(first, guildId, "POST", `tracks/${added.tracks[1]!.id}/move`, { index: 0 });
    await ok(first, guildId, "DELETE", `tracks/${added.tracks[0]!.id}`);
    const final = await ok(first, guildId, "POST", "join", { channel_id: null });
    const rows = await outbox(guildId);
    expect(rows.map((row) => row.command)).toEqual(["enqueue", "enqueue", "join", "play", "pause", "resume", "next", "previous", "move", "remove", "leave"]);
    expect(rows.map((row) => row.payload.version)).toEqual(rows.map((_, index) => index + 1));
    expect(final.version).toBe(rows.length);
    expect(new Set(rows.map((row) => row.issuedBy)).size).toBe(1);
    expect(rows[3]!.payload).toMatchObject({ status: "playing", url: SATIE.url, voice_channel_id: refs.voice });
    expect(rows[4]!.payload).toMatchObject({ status: "paused", url: SATIE.url });
    expect(rows[6]!.payload).toMatchObject({ url: ELISE.url });
    expect(rows[10]!.payload).toMatchObject({ channel_id: null });
  });
});

describe("cached pages", () => {
  it("are kept by player commands, which change nothing a page shows", async () => {
    const guildId = await freshGuild();
    const expiries = countPageExpiries();
    await queueOf(guildId, SATIE);
    await ok(first, guildId, "POST", "join", { channel_id: refs.voice });
    expect(expiries.of(guildId)).toBe(0);
    // A change of the plugin's settings does expire its page (and the audit log's).
    expect((await pluginCall(first, "PATCH", `/music/config/${guildId}`, { body: { default_volume: 70 } })).status).toBe(200);
    expect({ guild: expiries.of(guildId), areas: expiries.areas(guildId) }).toEqual({ guild: 0, areas: ["audit-log", "music"] });
  });
});

describe("two dashboards at once", () => {
  it("apply concurrent commands one after the other: one order, seen the same by both", async () => {
    const guildId = await freshGuild();
    const start = await queueOf(guildId, SATIE, ELISE, MAPLE, DUCK);
    const ids = start.tracks.map((item) => item.id);
    const picks = [CLAIR, SATIE, ELISE, MAPLE, DUCK, CLAIR];
    // Both dashboards move tracks and add tracks at the same moment.
    const results = await Promise.all([
      ...ids.map((id, index) => send(index % 2 ? first : second, guildId, "POST", `tracks/${id}/move`, { index: (index * 3) % 4 })),
      ...picks.map((item, index) => send(index % 2 ? second : first, guildId, "POST", "tracks", { url: item.url, first: index % 3 === 0 })),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual([...Array<number>(ids.length).fill(200), ...Array<number>(picks.length).fill(201)].sort());
    const [seenByFirst, seenBySecond] = await Promise.all([ok(first, guildId, "GET", "state"), ok(second, guildId, "GET", "state")]);
    expect(seenBySecond.tracks).toEqual(seenByFirst.tracks);
    expect(seenByFirst.tracks).toHaveLength(ids.length + picks.length);
    expect(new Set(seenByFirst.tracks.map((item) => item.id)).size).toBe(ids.length + picks.length);
    // Each command saw the queue the previous one left: versions 1, 2, 3… without a repeat.
    const rows = await outbox(guildId);
    expect(rows.map((row) => row.payload.version)).toEqual(rows.map((_, index) => index + 1));
    expect(seenByFirst.version).toBe(rows.length);
    // Each answer is the state right after its own command: the answers, ordered by version, replay that order.
    const byVersion = results.map((result) => result.body).sort((a, b) => a.version - b.version);
    expect(byVersion.map((state) => state.version)).toEqual(rows.slice(4).map((row) => row.payload.version));
    expect(byVersion.at(-1)!.tracks).toEqual(seenByFirst.tracks);
    // Stored positions are 0…n-1 without gaps or repeats.
    const db = await getDb();
    const { musicTracks } = await import("@/lib/db/schema");
    const positions = (await db.select({ position: musicTracks.position }).from(musicTracks).where(and(eq(musicTracks.guildId, guildId)))).map((row) => row.position).sort((a, b) => a - b);
    expect(positions).toEqual(positions.map((_, index) => index));
  });
});

/** Reads Server-Sent Events off a response body. */
function eventReader(response: Response) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  return {
    async next(timeoutMs = 5000): Promise<{ event: string; id: string; data: PlayerState }> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const end = buffer.indexOf("\n\n");
        if (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields = Object.fromEntries(block.split("\n").filter((line) => !line.startsWith(":") && line.includes(": ")).map((line) => [line.slice(0, line.indexOf(": ")), line.slice(line.indexOf(": ") + 2)]));
          if (fields.event) return { event: fields.event, id: fields.id ?? "", data: JSON.parse(fields.data ?? "null") as PlayerState };
          continue;
        }
        const left = deadline - Date.now();
        if (left <= 0) throw new Error("no event in time");
        let timer: ReturnType<typeof setTimeout> | undefined;
        const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error("no event in time")), left)));
        const chunk = await Promise.race([reader.read(), late]).finally(() => clearTimeout(timer));
        if (chunk.done) throw new Error("stream ended");
        buffer += decoder.decode(chunk.value, { stream: true });
      }
    },
    /** Reads on until the server ends the stream; throws if it is still open after `timeoutMs`. */
    async end(timeoutMs = 5000): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        let timer: ReturnType<typeof setTimeout> | undefined;
        const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error("the stream is still open")), Math.max(0, deadline - Date.now()))));
        const chunk = await Promise.race([reader.read(), late]).finally(() => clearTimeout(timer));
        if (chunk.done) return;
      }
    },
    cancel: () => reader.cancel(),
  };
}

describe("live events", () => {
  const open = (jar: CookieJar, guildId: string) => call(getPlugin, `/api/plugins/music/guilds/${guildId}/events`, { jar, params: { path: ["music", "guilds", guildId, "events"] } });

  it("streams the state, then every change another dashboard makes, and lets go on disconnect", async () => {
    const guildId = await freshGuild();
    await queueOf(guildId, SATIE);
    const response = await open(first, guildId);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(response.headers.get("cache-control")).toMatch(/no-store/);
    const events = eventReader(response);
    const initial = await events.next();
    expect(initial).toMatchObject({ event: "state", id: String(initial.data.version) });
    expect(titles(initial.data)).toEqual([SATIE.title]);
    expect(listenerCount(guildId)).toBe(1);

    await ok(second, guildId, "POST", "tracks", { url: ELISE.url, first: true });
    const change = await events.next();
    expect(change.data.version).toBe(initial.data.version + 1);
    expect(titles(change.data)).toEqual([ELISE.title, SATIE.title]);

    await events.cancel();
    expect(listenerCount(guildId)).toBe(0);
  });

  it("advances to the next track when the current one ends, while someone watches", async () => {
    const guildId = await freshGuild();
    await queueOf(guildId, DUCK, SATIE);
    await ok(first, guildId, "POST", "join", { channel_id: refs.voice });
    await ok(first, guildId, "POST", "play", {});
    // The duck ends in 300 ms.
    const db = await getDb();
    await db.update(musicPlayers).set({ startedAt: new Date(Date.now() - DUCK.duration_ms + 300) }).where(eq(musicPlayers.guildId, guildId));
    const events = eventReader(await open(second, guildId));
    expect(current((await events.next()).data)).toBe(DUCK.title);
    const advanced = await events.next(3000);
    expect({ current: current(advanced.data), status: advanced.data.status }).toEqual({ current: SATIE.title, status: "playing" });
    await events.cancel();
  });
  it("holds at most 5 streams per session: a 6th is refused with 429 in the envelope, another session's are not", async () => {
    const guildId = await freshGuild();
    const tab = await signedInJar(harness);
    const streams = [];
    for (let n = 0; n < MAX_STREAMS_PER_SESSION; n++) {
      const response = await open(tab, guildId);
      expect(response.status).toBe(200);
      streams.push(eventReader(response));
      await streams.at(-1)!.next();
    }
    const refused = await open(tab, guildId);
    const body = await readBody(refused);
    expect({ status: refused.status, code: (body as Envelope).code }).toEqual({ status: 429, code: "too_many_streams" });
    expect(isEnvelope(body, 429)).toBe(true);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    const elsewhere = await open(second, guildId);
    expect(elsewhere.status).toBe(200);
    streams.push(eventReader(elsewhere));
    // A closed tab gives its place back.
    await streams.shift()!.cancel();
    const again = await open(tab, guildId);
    expect(again.status).toBe(200);
    streams.push(eventReader(again));
    for (const stream of streams) await stream.cancel();
  });

  it("closes at once when its session signs out, or when the user signs out everywhere from another browser", async () => {
    const guildId = await freshGuild();
    const tab = await signedInJar(harness);
    const events = eventReader(await open(tab, guildId));
    await events.next();
    expect((await call(logout, "/api/logout", { method: "POST", jar: tab })).status).toBe(200);
    await events.end();

    const laptop = await signedInJar(harness);
    const phone = await signedInJar(harness);
    const onPhone = eventReader(await open(phone, guildId));
    await onPhone.next();
    expect((await call(logoutAll, "/api/logout/all", { method: "POST", jar: laptop })).status).toBe(200);
    await onPhone.end();
    expect(listenerCount(guildId)).toBe(0);
    // Everyone of Ada's sessions ended: the other tests' dashboards sign in again.
    [first, second] = [await signedInJar(harness), await signedInJar(harness)];
  });

  it("closes at its next check once the session's record no longer allows it (ended on another instance)", async () => {
    const guildId = await freshGuild();
    const tab = await signedInJar(harness);
    // Only the stream's heartbeat runs on a fake clock.
    jest.useFakeTimers({ doNotFake: ["Date", "hrtime", "nextTick", "performance", "queueMicrotask", "setImmediate", "clearImmediate", "setTimeout", "clearTimeout"] });
    try {
      const events = eventReader(await open(tab, guildId));
      await events.next();
      const session = await unseal(SESSION_COOKIE, tab.cookies.get("gh_session"));
      const db = await getDb();
      await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, session!.sid));
      clearSessionCacheForTests();
      jest.advanceTimersByTime(HEARTBEAT_MS);
      await events.end();
    } finally {
      jest.useRealTimers();
    }
  });
});
