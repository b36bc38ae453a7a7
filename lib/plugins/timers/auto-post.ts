import "server-only";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { guildPlugins, guildSettings, pluginItems, runStatus } from "@/lib/db/schema";
import { claimDeliveries, knownKeys, skipDeliveries, type DeliveryTarget } from "@/lib/deliveries/claim";
import { postFailureOf } from "@/lib/deliveries/failures";
import { sendPostJobs } from "@/lib/deliveries/post";
import { isPaused, recordFailure, recordNextRun } from "@/lib/deliveries/run-status";
import { botGuildAccess } from "@/lib/guilds/bot-access";
import type { GuildAccess } from "@/lib/guilds/access";
import { eachInTurn } from "@/lib/jobs/each-in-turn";
import { collectionLimit } from "../collection-limit";
import { defineJob, type JobContext } from "@/lib/jobs/job";
import { normalizeConfig } from "../plugin-states";
import { renderForGuild } from "../posting";
import { messagesSince } from "./activity";
import { timers } from "./definition";
import { timerMessageBody } from "./message";
import { timerTurns } from "./schedule";

// Timers post by themselves. Every minute a sweep reads every timer: one that runs (its
// plugin and itself on, within the free plan's count or on Premium, not paused since its
// last save) gets its next turn recorded for the page, and the turn due within the next
// minute is claimed (a delivery keyed by timer and turn, so it is posted once however many
// sweeps and workers run) with its post job due at the turn. A turn finds the channel quiet
// when fewer people wrote there since the timer's last post than the plugin asks for: it is
// then skipped, and the delivery log says why.

type TimersConfig = z.output<typeof timers.configSchema>;
type Timer = z.output<typeof definition.itemSchema>;
type StatusRow = typeof runStatus.$inferSelect;
type Turn = { target: DeliveryTarget; timer: Timer; config: TimersConfig; at: Date; key: string; status: StatusRow | undefined };

const definition = timers.collections.timers;

async function readTimers({ db }: JobContext) {
  const [rows, statuses] = await Promise.all([
    db
      .select({ id: pluginItems.id, guildId: pluginItems.guildId, data: pluginItems.data, updatedAt: pluginItems.updatedAt, pluginOn: guildPlugins.enabled, config: guildPlugins.config, buffs: guildSettings.buffs })
      .from(pluginItems)
      .leftJoin(guildPlugins, and(eq(guildPlugins.guildId, pluginItems.guildId), eq(guildPlugins.pluginId, pluginItems.pluginId)))
      .leftJoin(guildSettings, eq(guildSettings.guildId, pluginItems.guildId))
      .where(and(eq(pluginItems.pluginId, timers.id), eq(pluginItems.collection, "timers")))
      .orderBy(pluginItems.guildId, pluginItems.position),
    db.select().from(runStatus).where(eq(runStatus.pluginId, timers.id)),
  ]);
  return { rows, statusOf: new Map(statuses.map((row) => [`${row.guildId}:${row.itemId}`, row])) };
}

/** Posts a turn, or skips it when the channel was too quiet since the timer's last post there. */
async function takeTurn({ db, queue, now }: JobContext, turn: Turn, accessOf: (guildId: string) => Promise<GuildAccess>): Promise<void> {
  const { target, timer, config, status } = turn;
  const needed = Math.max(config.min_messages_between, config.skip_if_inactive ? 1 : 0);
  if (needed > 0 && status?.lastMessageId && status.lastChannelId === timer.channel_id) {
    const written = await messagesSince(timer.channel_id, status.lastMessageId, needed);
    if (written < needed) {
      await skipDeliveries(db, [{ ...target, key: turn.key }]);
      await recordFailure(db, target, { code: "skipped_inactive", pause: false }, now(), { messages: written, needed });
      return;
    }
  }
  const content = await renderForGuild(await accessOf(target.guildId), timer.message, timer.channel_id);
  const claimed = await claimDeliveries(db, [{ ...target, key: turn.key, channelId: timer.channel_id, body: timerMessageBody(config, content) }]);
  await sendPostJobs(queue, claimed, turn.at);
}

async function sweepTimers(context: JobContext): Promise<void> {
  const { db, now } = context;
  const at = now();
  const { rows, statusOf } = await readTimers(context);
  const turns: Turn[] = [];
  let guildId = "";
  let rank = 0;
  for (const row of rows) {
    rank = row.guildId === guildId ? rank + 1 : 0;
    guildId = row.guildId;
    const target = { guildId: row.guildId, pluginId: timers.id, itemId: row.id };
    const status = statusOf.get(`${row.guildId}:${row.id}`);
    const parsed = definition.itemSchema.safeParse(row.data);
    // Past the guild's limit (Premium or Pro ended), timers keep their settings and stop running until it comes back.
    const included = rank < collectionLimit(definition, row.buffs ?? []);
    if (!parsed.success || !parsed.data.enabled || row.pluginOn !== true || !included || isPaused(status?.pausedAt ?? undefined, row.updatedAt)) {
      if (status?.nextRunAt) await recordNextRun(db, target, null);
      continue;
    }
    const { due, next } = timerTurns(row.updatedAt, parsed.data.interval_minutes, at);
    if (status?.nextRunAt?.getTime() !== next.getTime()) await recordNextRun(db, target, next);
    if (!due) continue;
    const config = timers.configSchema.parse(normalizeConfig(timers, row.config));
    turns.push({ target, timer: parsed.data, config, at: due, key: `timers:${row.id}:${due.toISOString()}`, status });
  }

  const known = await knownKeys(db, turns.map((turn) => turn.key));
  const accesses = new Map<string, Promise<GuildAccess>>();
  const accessOf = (id: string) => accesses.get(id) ?? accesses.set(id, botGuildAccess(db, id)).get(id)!;
  await eachInTurn(
    turns.filter((candidate) => !known.has(candidate.key)),
    async (turn) => {
      try {
        await takeTurn(context, turn, accessOf);
      } catch (error) {
        // A platform failure is this timer's (a deleted channel pauses it); anything else (postFailureOf throws it) fails the sweep.
        const failure = postFailureOf(error);
        await recordFailure(db, turn.target, failure, now(), failure.pause ? {} : { retry_after: failure.retryAfter ?? 0 });
      }
    },
  );
}

export const sweepTimersJob = defineJob({
  name: "timers.sweep",
  data: z.object({}),
  queue: { policy: "exclusive", retryLimit: 1, expireInSeconds: 60 },
  schedules: [{ key: "every-minute", cron: "* * * * *", data: {} }],
  run: (_data, context) => sweepTimers(context),
});
