import "server-only";
import { and, eq, lte } from "drizzle-orm";
import { z } from "zod";
import { snowflake } from "@/lib/platform/snowflake";
import { inputText } from "@/lib/validation/text";
import { giveawayRuns, pluginItems } from "@/lib/db/schema";
import { postFailureOf } from "@/lib/deliveries/failures";
import { isPaused, pausedItems, recordFailure, recordNextRun } from "@/lib/deliveries/run-status";
import { botGuildAccess } from "@/lib/guilds/bot-access";
import { defineJob } from "@/lib/jobs/job";
import { giveaways } from "./definition";
import { endGiveaway, readGiveawayRun } from "./server";

// Giveaways end by themselves at their end time, with the same code as End now. Every minute
// a sweep sends an end job for each running giveaway ending within the next minute, due at
// its end; the queue keeps one job per giveaway (exclusive), and the end records only while
// the giveaway is still running, so it ends once however many workers run.

const END_JOB = "giveaways.end";
const LOOK_AHEAD_MS = 60_000;

export const endGiveawayJob = defineJob({
  name: END_JOB,
  data: z.object({ guildId: snowflake, giveawayId: inputText().min(1).max(64) }),
  queue: { policy: "exclusive", retryLimit: 5, retryDelay: 10, retryBackoff: true, retryDelayMax: 600, expireInSeconds: 120 },
  run: async ({ guildId, giveawayId }, { db, now }) => {
    const run = await readGiveawayRun(db, guildId, giveawayId);
    // Ended, cancelled or moved later (started again with a new end) since the job was sent.
    if (run?.status !== "running" || run.endsAt > now()) return;
    const target = { guildId, pluginId: giveaways.id, itemId: giveawayId };
    try {
      await endGiveaway(db, await botGuildAccess(db, guildId), run);
      await recordNextRun(db, target, null);
    } catch (error) {
      const failure = postFailureOf(error);
      await recordFailure(db, target, failure, now());
      if (!failure.pause) throw error;
    }
  },
});

export const sweepGiveawaysJob = defineJob({
  name: "giveaways.sweep",
  data: z.object({}),
  queue: { policy: "exclusive", retryLimit: 1, expireInSeconds: 60 },
  schedules: [{ key: "every-minute", cron: "* * * * *", data: {} }],
  run: async (_data, { db, queue, now }) => {
    const due = await db
      .select({ guildId: giveawayRuns.guildId, giveawayId: giveawayRuns.giveawayId, endsAt: giveawayRuns.endsAt, updatedAt: pluginItems.updatedAt })
      .from(giveawayRuns)
      .innerJoin(pluginItems, eq(pluginItems.id, giveawayRuns.giveawayId))
      .where(and(eq(giveawayRuns.status, "running"), lte(giveawayRuns.endsAt, new Date(now().getTime() + LOOK_AHEAD_MS))));
    const paused = await pausedItems(db, { pluginId: giveaways.id }, due.map((row) => row.giveawayId));
    const jobs = due
      .filter((row) => !isPaused(paused.get(row.giveawayId), row.updatedAt))
      .map((row) => ({ data: { guildId: row.guildId, giveawayId: row.giveawayId }, singletonKey: row.giveawayId, startAfter: row.endsAt }));
    if (jobs.length > 0) await queue.insert(END_JOB, jobs);
  },
});
