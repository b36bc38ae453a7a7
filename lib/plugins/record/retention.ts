import "server-only";
import { and, eq, lt } from "drizzle-orm";
import { z } from "zod";
import { guildPlugins, recordings } from "@/lib/db/schema";
import { defineJob, type JobContext } from "@/lib/jobs/job";
import { normalizeConfig } from "../plugin-states";
import { record } from "./definition";
import { deleteRecordingFile } from "./files";

// Record's retention_days: every hour, recordings older than the guild's setting (7 days unless
// changed; a guild that never saved Record keeps the default) are deleted with their audio. A
// retention delete is the setting at work, not a person's change: it writes no audit row.

/** Deletes the recordings past their guild's retention; how many. */
export async function sweepRetention({ db, now }: Pick<JobContext, "db" | "now">): Promise<number> {
  const saved = await db.select({ guildId: guildPlugins.guildId, config: guildPlugins.config }).from(guildPlugins).where(eq(guildPlugins.pluginId, record.id));
  const daysOf = new Map(saved.map((row) => [row.guildId, (normalizeConfig(record, row.config) as { retention_days: number }).retention_days]));
  const defaultDays = (normalizeConfig(record, undefined) as { retention_days: number }).retention_days;
  // The oldest any guild may keep is 30 days (the setting's maximum): only rows past the shortest window are read.
  const shortest = Math.min(defaultDays, ...daysOf.values());
  const candidates = await db
    .select({ id: recordings.id, guildId: recordings.guildId, startedAt: recordings.startedAt, durationS: recordings.durationS })
    .from(recordings)
    .where(lt(recordings.startedAt, new Date(now().getTime() - shortest * 86_400_000)));
  const expired = candidates.filter((row) => row.startedAt.getTime() + (daysOf.get(row.guildId) ?? defaultDays) * 86_400_000 < now().getTime());
  let removed = 0;
  for (const row of expired) {
    const [gone] = await db
      .delete(recordings)
      .where(and(eq(recordings.id, row.id), eq(recordings.guildId, row.guildId)))
      .returning({ storageKey: recordings.storageKey });
    if (!gone) continue;
    await deleteRecordingFile(gone.storageKey);
    removed += 1;
  }
  return removed;
}

export const recordingRetentionJob = defineJob({
  name: "record.retention",
  data: z.object({}),
  queue: { policy: "exclusive", retryLimit: 0, expireInSeconds: 240 },
  schedules: [{ key: "hourly", cron: "17 * * * *", data: {} }],
  run: async (_data, context) => {
    await sweepRetention(context);
  },
});
