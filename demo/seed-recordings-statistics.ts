// Demo recordings and statistics for `npm start` with the built-in platform emulator, in every
// server the demo user manages with the bot in it (Record and Statistics are Premium: they show
// once the server has it): three recordings of a voice channel, their audio short silent WAV
// files in the uploads folder, and 30 days of hourly joins, leaves and messages for the charts,
// standing in for what the gateway bot would report. A server that holds recordings (or counts)
// already gets none, so a second start adds nothing. Relative imports: scripts/start.ts runs it
// with tsx (server-only stubbed, scripts/outside-next.cjs).
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import type { Db } from "../lib/db/open";
import { guildActivity, recordings } from "../lib/db/schema";
import { DEMO_USER_ID } from "../emulators/platform/credentials";
import type { GuildRecord, World } from "../emulators/platform/model";
import { demoModeratedGuilds } from "./seed-moderation";

const HOUR = 3_600_000;
const VOICE_CHANNEL = 2;
/** The demo audio's sample rate: low, so a 12-minute recording stays under a megabyte. */
const SAMPLE_RATE = 1000;

/** A silent mono 8-bit WAV file of `seconds`. */
export function silentWav(seconds: number): Buffer {
  const samples = seconds * SAMPLE_RATE;
  const header = Buffer.alloc(44);
  header.write("RIFF", 0);
  header.writeUInt32LE(36 + samples, 4);
  header.write("WAVEfmt ", 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(SAMPLE_RATE, 24);
  header.writeUInt32LE(SAMPLE_RATE, 28); // bytes per second
  header.writeUInt16LE(1, 32);
  header.writeUInt16LE(8, 34);
  header.write("data", 36);
  header.writeUInt32LE(samples, 40);
  // 8-bit PCM is unsigned: 128 is silence.
  return Buffer.concat([header, Buffer.alloc(samples, 128)]);
}

/** A small deterministic pseudo-random sequence (the same demo numbers on every start). */
function sequence(seed: number): () => number {
  let state = seed % 2_147_483_647 || 1;
  return () => (state = (state * 48_271) % 2_147_483_647) / 2_147_483_647;
}

async function seedRecordings(db: Db, guild: GuildRecord, uploadsDir: string, now: number): Promise<number> {
  const [held] = await db.select({ value: count() }).from(recordings).where(eq(recordings.guildId, guild.id));
  const voice = guild.channels.find((channel) => channel.type === VOICE_CHANNEL);
  if ((held?.value ?? 0) > 0 || !voice) return 0;
  const people = [DEMO_USER_ID, ...[...guild.members.keys()].filter((id) => id !== DEMO_USER_ID)].slice(0, 4);
  const made = [
    { hoursAgo: 3, seconds: 95, heard: people.slice(0, 2) },
    { hoursAgo: 27, seconds: 250, heard: people.slice(0, 4) },
    { hoursAgo: 75, seconds: 720, heard: people.slice(1, 3) },
  ];
  const folder = path.join(uploadsDir, "recordings", guild.id);
  await mkdir(folder, { recursive: true });
  for (const [index, recording] of made.entries()) {
    const id = `00000000-0000-4000-8000-${(BigInt(guild.id) % 10n ** 9n).toString().padStart(9, "0")}00${index}`;
    const audio = silentWav(recording.seconds);
    const storageKey = `recordings/${guild.id}/demo-${index}.wav`;
    await writeFile(path.join(uploadsDir, storageKey), audio);
    await db.insert(recordings).values({ id, guildId: guild.id, channelId: voice.id, startedAt: new Date(now - recording.hoursAgo * HOUR), durationS: recording.seconds, sizeBytes: audio.length, participants: recording.heard, storageKey });
  }
  return made.length;
}

async function seedActivity(db: Db, guild: GuildRecord, now: number): Promise<boolean> {
  const [held] = await db.select({ value: count() }).from(guildActivity).where(eq(guildActivity.guildId, guild.id));
  if ((held?.value ?? 0) > 0) return false;
  const random = sequence(Number(BigInt(guild.id) % 1_000_000n));
  const lastHour = Math.floor(now / HOUR) * HOUR;
  const rows = [];
  for (let back = 31 * 24; back >= 0; back -= 1) {
    const hour = new Date(lastHour - back * HOUR);
    // Busier in the (UTC) evening, and a little busier each week.
    const daytime = 0.3 + Math.sin(((hour.getUTCHours() - 6) / 24) * Math.PI * 2) * 0.25 + 0.25;
    const growth = 1 + (31 * 24 - back) / (31 * 24);
    rows.push({
      guildId: guild.id,
      hour,
      joins: random() < 0.12 * growth ? 1 + Math.floor(random() * 2) : 0,
      leaves: random() < 0.06 ? 1 : 0,
      messages: Math.round(random() * 30 * daytime * growth),
    });
  }
  for (let start = 0; start < rows.length; start += 200) await db.insert(guildActivity).values(rows.slice(start, start + 200));
  return true;
}

/** Seeds the demo servers' recordings (into `uploadsDir`; none when null: audio in S3 is not the demo's) and activity; how many servers got something. */
export async function seedDemoRecordingsAndStatistics(db: Db, world: World, uploadsDir: string | null, now = Date.now()): Promise<number> {
  let seeded = 0;
  for (const guild of demoModeratedGuilds(world)) {
    const recorded = uploadsDir ? await seedRecordings(db, guild, uploadsDir, now) : 0;
    const counted = await seedActivity(db, guild, now);
    if (recorded > 0 || counted) seeded += 1;
  }
  return seeded;
}
