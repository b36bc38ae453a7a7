/** @jest-environment node */
// Recordings, against the platform emulator and a throw-away uploads folder: the bot reports
// them (validated, one per id, only into the guild's own storage folder), the Record API lists
// them in pages, hands out a download link that works, then expires, and is refused when
// tampered with, and deletes one with its audio and an audit row; with S3 configured, the link
// is a presigned URL the (signature-checking) S3 fake serves, and the delete reaches the bucket.
// Record is Premium: a free server gets premium_required.
import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { GET as fileRoute } from "@/app/api/recordings/file/route";
import { USER_IDS } from "@/emulators/platform/data/ids";
import { createBotKey } from "@/lib/bot-contract/keys";
import { getDb } from "@/lib/db/client";
import { resetEnvCache } from "@/lib/env";
import { downloadLink, LINK_LIFETIME_S } from "@/lib/plugins/record/files";
import { getRecording } from "@/lib/plugins/record/recordings";
import { sweepRetention } from "@/lib/plugins/record/retention";
import type { RecordingPage } from "@/lib/plugins/record/view";
import { auditEventsSince, lastAuditId, pluginCall, readBody, type Envelope } from "@/test/api";
import { postEvents } from "@/test/bot-api";
import { startEmulatorHarness, type EmulatorHarness } from "@/test/emulator-harness";
import type { CookieJar } from "@/test/route-client";
import { call } from "@/test/route-client";
import { addScratchGuild, freshSnowflake, setBuffs } from "@/test/scratch-guild";
import { startFakeS3 } from "@/test/fakes/s3-server";
import { signedInJar } from "@/test/sign-in";

let harness: EmulatorHarness;
let ada: CookieJar;
let guild: string;
let key: string;
const uploadsDir = mkdtempSync(path.join(tmpdir(), "guildhall-recordings-"));
const voice = freshSnowflake();

beforeAll(async () => {
  process.env.UPLOADS_DIR = uploadsDir;
  process.env.RATE_LIMIT_WRITES_PER_MINUTE = "100000";
  process.env.RATE_LIMIT_READS_PER_MINUTE = "100000";
  resetEnvCache();
  harness = await startEmulatorHarness();
  guild = addScratchGuild(harness, "workshop", "Recording studio");
  await setBuffs(guild, ["premium"]);
  ada = await signedInJar(harness);
  key = (await createBotKey(await getDb(), "recordings test bot", [])).key;
});
afterAll(async () => {
  await harness.stop();
  rmSync(uploadsDir, { recursive: true, force: true });
});

async function json<T = Record<string, unknown>>(response: Response, expected: number): Promise<T> {
  const body = await readBody(response);
  if (response.status !== expected) throw new Error(`expected ${expected}, got ${response.status}: ${JSON.stringify(body)}`);
  return body as T;
}

type Results = { results: Array<{ status: string; error?: { code: string } }> };
const statuses = (results: Results) => results.results.map((result) => (result.error ? `${result.status}:${result.error.code}` : result.status));

/** A recording_finished event for `guildId`, its audio stored where its key says. */
function finished(guildId: string, startedAt: string, extra: Record<string, unknown> = {}) {
  const id = randomUUID();
  const storageKey = `recordings/${guildId}/${id}.mp3`;
  mkdirSync(path.join(uploadsDir, "recordings", guildId), { recursive: true });
  writeFileSync(path.join(uploadsDir, storageKey), `audio of ${id}`);
  return { key: `recording-${id}`, type: "recording_finished", guild_id: guildId, at: startedAt, id, channel_id: voice, started_at: startedAt, duration_s: 95, size_bytes: 2048, participants: [USER_IDS.ada, USER_IDS.bjorn], storage_key: storageKey, ...extra };
}

const recordings = (query = "") => `/record/guilds/${guild}/recordings${query}`;

/** Fetches a download link's URL through the file route, as the browser would. */
const download = (url: string) => {
  const { pathname, search } = new URL(url, "http://localhost");
  return call(fileRoute, `${pathname}${search}`);
};

describe("recordings the bot reports", () => {
  it("stores valid reports once, and refuses another guild's folder, a taken id and a bad body", async () => {
    const event = finished(guild, "2026-11-20T18:00:00.000Z");
    expect(statuses(await json<Results>(await postEvents(key, [event]), 200))).toEqual(["applied"]);
    // The same id again under a new key: the recording exists.
    expect(statuses(await json<Results>(await postEvents(key, [{ ...event, key: `again-${randomUUID()}` }]), 200))).toEqual(["refused:recording_exists"]);
    const foreign = finished(guild, "2026-11-20T19:00:00.000Z", { storage_key: `recordings/${freshSnowflake()}/stolen.mp3` });
    expect(statuses(await json<Results>(await postEvents(key, [foreign]), 200))).toEqual(["refused:storage_key_guild_mismatch"]);
    for (const bad of [{ duration_s: 0 }, { storage_key: `recordings/${guild}/../../secret.mp3` }, { participants: ["me"] }, { size_bytes: -1 }]) {
      const refused = await json<Envelope>(await postEvents(key, [finished(guild, "2026-11-20T20:00:00.000Z", bad)]), 400);
      expect(refused.code).toBe("validation_failed");
    }
    expect(await getRecording(await getDb(), guild, foreign.id)).toBeNull();
  });
});

describe("the Record API", () => {
  let ids: string[];

  beforeAll(async () => {
    const events = ["2026-11-21T10:00:00.000Z", "2026-11-22T10:00:00.000Z", "2026-11-23T10:00:00.000Z"].map((at) => finished(guild, at));
    expect(statuses(await json<Results>(await postEvents(key, events), 200))).toEqual(["applied", "applied", "applied"]);
    ids = events.map((event) => event.id);
  });

  it("lists recordings newest first in pages", async () => {
    const first = await json<RecordingPage>(await pluginCall(ada, "GET", recordings("?limit=2")), 200);
    expect(first.recordings.map((recording) => recording.id)).toEqual([ids[2], ids[1]]);
    expect(first.recordings[0]).toEqual({ id: ids[2], channel_id: voice, started_at: "2026-11-23T10:00:00.000Z", duration_s: 95, size_bytes: 2048, participants: [USER_IDS.ada, USER_IDS.bjorn] });
    const second = await json<RecordingPage>(await pluginCall(ada, "GET", recordings(`?limit=2&before=${encodeURIComponent(first.next_before!)}`)), 200);
    expect(second.recordings.map((recording) => recording.id)).toEqual([ids[0], expect.any(String)]);
    expect((await json<Envelope>(await pluginCall(ada, "GET", recordings("?before=yesterday")), 400)).code).toBe("validation_failed");
  });

  it("hands out a download link that works, then expires; a tampered one is refused", async () => {
    const link = await json<{ url: string; expires_at: string }>(await pluginCall(ada, "GET", recordings(`/${ids[0]}/download-link`)), 200);
    expect(new Date(link.expires_at).getTime() - Date.now()).toBeLessThanOrEqual(LINK_LIFETIME_S * 1000);
    const response = await download(link.url);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("audio/mpeg");
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="${ids[0]}.mp3"`);
    expect(await response.text()).toBe(`audio of ${ids[0]}`);

    const recording = (await getRecording(await getDb(), guild, ids[0]!))!;
    const old = downloadLink(recording, new Date(Date.now() - (LINK_LIFETIME_S + 1) * 1000));
    expect(await json<Envelope>(await download(old.url), 410)).toMatchObject({ code: "link_expired", status_code: 410 });

    const tampered = new URL(link.url);
    tampered.searchParams.set("recording", ids[1]!);
    expect((await json<Envelope>(await download(tampered.toString()), 403)).code).toBe("link_invalid");
    const later = new URL(link.url);
    later.searchParams.set("expires", String(Number(later.searchParams.get("expires")) + 3600));
    expect((await json<Envelope>(await download(later.toString()), 403)).code).toBe("link_invalid");
    expect((await json<Envelope>(await download(`/api/recordings/file?guild=${guild}&recording=x`), 400)).code).toBe("validation_failed");
    expect((await json<Envelope>(await pluginCall(ada, "GET", recordings(`/${randomUUID()}/download-link`)), 404)).code).toBe("recording_not_found");
  });

  it("deletes a recording with its audio and an audit row; its links stop working", async () => {
    const link = await json<{ url: string }>(await pluginCall(ada, "GET", recordings(`/${ids[1]}/download-link`)), 200);
    const since = await lastAuditId(ada, guild);
    expect((await pluginCall(ada, "DELETE", recordings(`/${ids[1]}`))).status).toBe(204);
    const audits = await auditEventsSince(ada, guild, since);
    expect(audits).toEqual([expect.objectContaining({ action: "recording.delete", target: `plugin:record:recording:${ids[1]}`, after: null, revertible: false })]);
    expect(audits[0]!.before).toMatchObject({ id: ids[1], channelId: voice, durationS: 95 });
    expect(existsSync(path.join(uploadsDir, "recordings", guild, `${ids[1]}.mp3`))).toBe(false);
    expect(readFileSync(path.join(uploadsDir, "recordings", guild, `${ids[0]}.mp3`), "utf8")).toBe(`audio of ${ids[0]}`);
    expect((await json<Envelope>(await download(link.url), 404)).code).toBe("recording_not_found");
    expect((await json<Envelope>(await pluginCall(ada, "DELETE", recordings(`/${ids[1]}`)), 404)).code).toBe("recording_not_found");
  });

  it("is Premium: a free server's recordings are not listed, linked or deleted", async () => {
    const free = addScratchGuild(harness, "workshop", "Free studio");
    const event = finished(free, "2026-11-24T10:00:00.000Z");
    expect(statuses(await json<Results>(await postEvents(key, [event]), 200))).toEqual(["applied"]);
    for (const [method, suffix] of [["GET", ""], ["GET", `/${event.id}/download-link`], ["DELETE", `/${event.id}`]] as const) {
      expect((await json<Envelope>(await pluginCall(ada, method, `/record/guilds/${free}/recordings${suffix}`), 403)).code).toBe("premium_required");
    }
    expect(await getRecording(await getDb(), free, event.id)).not.toBeNull();
  });
});

describe("retention_days", () => {
  it("deletes recordings older than the guild's retention with their audio, the default (7 days) where Record was never saved", async () => {
    const [threeDays, untouched] = [addScratchGuild(harness, "workshop", "Short memory"), addScratchGuild(harness, "workshop", "Default memory")];
    await setBuffs(threeDays, ["premium"]);
    expect((await pluginCall(ada, "PATCH", `/record/config/${threeDays}`, { body: { retention_days: 3 } })).status).toBe(200);
    const now = new Date("2026-12-20T12:00:00.000Z");
    const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();
    const events = [finished(threeDays, daysAgo(2)), finished(threeDays, daysAgo(4)), finished(untouched, daysAgo(4)), finished(untouched, daysAgo(8))];
    expect(statuses(await json<Results>(await postEvents(key, events), 200))).toEqual(["applied", "applied", "applied", "applied"]);
    const db = await getDb();
    await sweepRetention({ db, now: () => now });
    const left = await Promise.all(events.map(async (event) => (await getRecording(db, event.guild_id, event.id)) !== null));
    expect(left).toEqual([true, false, true, false]);
    expect(events.map((event) => existsSync(path.join(uploadsDir, event.storage_key)))).toEqual([true, false, true, false]);
  });
});

describe("with S3 configured", () => {
  const credentials = { accessKeyId: "GUILDHALLTESTKEY", secretAccessKey: "test-secret/with+odd=chars" };
  const bucket = "guildhall-recordings";
  let fake: Awaited<ReturnType<typeof startFakeS3>>;

  beforeAll(async () => {
    fake = await startFakeS3({ ...credentials, region: "eu-west-3", buckets: [bucket] });
    Object.assign(process.env, { S3_ENDPOINT: fake.url, S3_BUCKET: bucket, S3_ACCESS_KEY_ID: credentials.accessKeyId, S3_SECRET_ACCESS_KEY: credentials.secretAccessKey, S3_REGION: "eu-west-3" });
    resetEnvCache();
  });
  afterAll(async () => {
    for (const name of ["S3_ENDPOINT", "S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "S3_REGION"]) delete process.env[name];
    resetEnvCache();
    await fake.stop();
  });

  it("hands out a presigned URL the bucket serves until it expires, refuses a tampered one, and deletes the object", async () => {
    const event = finished(guild, "2026-11-25T10:00:00.000Z");
    fake.bucket(bucket).set(event.storage_key, { bytes: Buffer.from("audio in the bucket"), contentType: "audio/mpeg", cacheControl: null, etag: '"x"', lastModified: new Date() });
    expect(statuses(await json<Results>(await postEvents(key, [event]), 200))).toEqual(["applied"]);
    const link = await json<{ url: string }>(await pluginCall(ada, "GET", recordings(`/${event.id}/download-link`)), 200);
    expect(link.url.startsWith(`${fake.url}/${bucket}/recordings/${guild}/`)).toBe(true);
    const served = await fetch(link.url);
    expect(served.status).toBe(200);
    expect(await served.text()).toBe("audio in the bucket");

    const tampered = new URL(link.url);
    tampered.searchParams.set("X-Amz-Expires", "86400");
    expect((await fetch(tampered)).status).toBe(403);
    const old = downloadLink((await getRecording(await getDb(), guild, event.id))!, new Date(Date.now() - (LINK_LIFETIME_S + 1) * 1000));
    const expired = await fetch(old.url);
    expect({ status: expired.status, body: await expired.text() }).toMatchObject({ status: 403, body: expect.stringContaining("Request has expired") });

    expect((await pluginCall(ada, "DELETE", recordings(`/${event.id}`))).status).toBe(204);
    expect(fake.bucket(bucket).has(event.storage_key)).toBe(false);
  });
});
