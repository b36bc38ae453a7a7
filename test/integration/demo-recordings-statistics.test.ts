/** @jest-environment node */
// npm start's demo recordings and statistics (demo/seed-recordings-statistics.ts): three recordings
// whose audio downloads as a WAV of the stated length, and 30 days of joins, leaves and messages,
// once however often the server starts; they read back through the dashboard's API and charts.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { GET as fileRoute } from "@/app/api/recordings/file/route";
import type { World } from "@/emulators/platform/model";
import { seedDemoRecordingsAndStatistics } from "@/demo/seed-recordings-statistics";
import { getDb } from "@/lib/db/client";
import { resetEnvCache } from "@/lib/env";
import { dailyActivity } from "@/lib/plugins/statistics/activity";
import type { RecordingPage } from "@/lib/plugins/record/view";
import { pluginCall, readBody } from "@/test/api";
import { startEmulatorHarness, type EmulatorHarness } from "@/test/emulator-harness";
import { call, type CookieJar } from "@/test/route-client";
import { addScratchGuild, setBuffs } from "@/test/scratch-guild";
import { signedInJar } from "@/test/sign-in";

let harness: EmulatorHarness;
let ada: CookieJar;
const uploadsDir = mkdtempSync(path.join(tmpdir(), "guildhall-demo-recordings-"));

beforeAll(async () => {
  process.env.UPLOADS_DIR = uploadsDir;
  resetEnvCache();
  harness = await startEmulatorHarness();
  ada = await signedInJar(harness);
}, 60_000);
afterAll(async () => {
  await harness.stop();
  rmSync(uploadsDir, { recursive: true, force: true });
});

it("adds three recordings and 30 days of activity, once, the audio downloadable", async () => {
  const guild = addScratchGuild(harness, "workshop", "Demo studio");
  await setBuffs(guild, ["premium"]);
  const full = harness.emulator.state.world;
  const world: World = { ...full, guilds: new Map([[guild, full.guilds.get(guild)!]]) };
  const db = await getDb();
  const now = Date.now();
  expect(await seedDemoRecordingsAndStatistics(db, world, uploadsDir, now)).toBe(1);
  expect(await seedDemoRecordingsAndStatistics(db, world, uploadsDir, now + 86_400_000)).toBe(0);

  const response = await pluginCall(ada, "GET", `/record/guilds/${guild}/recordings`);
  expect(response.status).toBe(200);
  const page = (await readBody(response)) as RecordingPage;
  expect(page.recordings.map((recording) => recording.duration_s)).toEqual([95, 250, 720]);
  expect(page.names[page.recordings[0]!.participants[0]!]).toBeTruthy();

  const link = (await readBody(await pluginCall(ada, "GET", `/record/guilds/${guild}/recordings/${page.recordings[0]!.id}/download-link`))) as { url: string };
  const { pathname, search } = new URL(link.url);
  const file = await call(fileRoute, `${pathname}${search}`);
  expect(file.status).toBe(200);
  expect(file.headers.get("content-type")).toBe("audio/wav");
  const bytes = Buffer.from(await file.arrayBuffer());
  expect(bytes.length).toBe(page.recordings[0]!.size_bytes);
  expect(bytes.subarray(0, 4).toString()).toBe("RIFF");
  // Bytes per second at offset 28: the file is as long as the recording says.
  expect((bytes.length - 44) / bytes.readUInt32LE(28)).toBe(95);

  const month = await dailyActivity(db, guild, "UTC", new Date(now), 30);
  expect(month).toHaveLength(30);
  expect(month.every((day) => day.messages > 0)).toBe(true);
  expect(month.reduce((total, day) => total + day.joins, 0)).toBeGreaterThan(month.reduce((total, day) => total + day.leaves, 0));
});
