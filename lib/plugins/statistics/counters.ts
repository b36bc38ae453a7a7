import "server-only";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { guildPlugins, guildSettings, runStatus } from "@/lib/db/schema";
import type { DeliveryTarget } from "@/lib/deliveries/claim";
import { postFailureOf } from "@/lib/deliveries/failures";
import { isPaused, recordChanged, recordFailure, recordNextRun } from "@/lib/deliveries/run-status";
import { botGuildAccess } from "@/lib/guilds/bot-access";
import { isPremium } from "@/lib/guilds/premium";
import { eachInTurn } from "@/lib/jobs/each-in-turn";
import { defineJob, type JobContext } from "@/lib/jobs/job";
import { getGuildChannels } from "@/lib/platform/bot-api";
import { MAX_CHANNEL_NAME, renameChannel } from "@/lib/platform/guild-edits";
import { renderTemplate } from "@/lib/templates/render";
import { normalizeConfig } from "../plugin-states";
import { guildTemplateContext } from "../posting";
import { statistics } from "./definition";

// Counter channels show the member, online and boost counts in their names. The platform lets a
// channel be renamed twice per ten minutes, so counts are coalesced: every five minutes a
// sweep renames each counter whose name would change (never when it would not), and only
// when the rename before last is ten minutes old. Each counter's delivery log row keeps when
// it was last renamed and, as its next run, the earliest moment it may be renamed again.

/** The platform lets a channel be renamed twice in this long. */
export const RENAME_WINDOW_MS = 10 * 60_000;

type StatisticsConfig = z.output<typeof statistics.configSchema>;
type StatusRow = typeof runStatus.$inferSelect;
type Counter = { target: DeliveryTarget; channelId: string; format: string; counts: "members" | "online" | "boosts" };

/** A counter's channel name: its format with `{count}` (and the usual variables), as long as the platform allows. */
export function counterName(format: string, context: Parameters<typeof renderTemplate>[1], count: number): string {
  return [...renderTemplate(format, { ...context, item: { count: String(count) } }).trim()].slice(0, MAX_CHANNEL_NAME).join("");
}

/**
 * When the counter may be renamed again after a rename at `at`: at once when its rename
 * before (`previous`, same channel) is ten minutes old (null), else ten minutes after it.
 */
export function renameAgainAt(at: Date, previous: Date | null): Date | null {
  if (!previous || at.getTime() - previous.getTime() >= RENAME_WINDOW_MS) return null;
  return new Date(previous.getTime() + RENAME_WINDOW_MS);
}

function countersOf(guildId: string, config: StatisticsConfig): Counter[] {
  const counters: Counter[] = [];
  const add = (itemId: string, channelId: string | null, format: string, counts: Counter["counts"]) => {
    // One name per channel: a channel chosen for two counters shows the first (members, online, boosts).
    if (channelId && !counters.some((counter) => counter.channelId === channelId)) counters.push({ target: { guildId, pluginId: statistics.id, itemId }, channelId, format, counts });
  };
  add("members_counter", config.members_counter_channel_id, config.members_counter_format, "members");
  add("online_counter", config.online_counter_channel_id, config.online_counter_format, "online");
  add("boosts_counter", config.boosts_counter_channel_id, config.boosts_counter_format, "boosts");
  return counters;
}

/** A failed read or rename, in the counter's delivery log: a deleted channel or lost permission pauses it until the plugin is saved again. */
async function recordCounterFailure({ db, now }: JobContext, counter: Counter, error: unknown): Promise<void> {
  const failure = postFailureOf(error);
  const at = now();
  await recordFailure(db, counter.target, failure, at, failure.pause ? {} : { retry_after: failure.retryAfter ?? 0 });
  // Told to wait (someone else renamed it too): not before the platform said.
  if (!failure.pause && failure.retryAfter !== undefined) await recordNextRun(db, counter.target, new Date(at.getTime() + failure.retryAfter * 1000));
}

async function updateCounters(context: JobContext, guild: { guildId: string; config: StatisticsConfig; updatedAt: Date }, statuses: Map<string, StatusRow>): Promise<void> {
  const { db, now } = context;
  const statusOf = (counter: Counter) => statuses.get(`${guild.guildId}:${counter.target.itemId}`);
  const counters = countersOf(guild.guildId, guild.config).filter((counter) => !isPaused(statusOf(counter)?.pausedAt ?? undefined, guild.updatedAt));
  if (counters.length === 0) return;
  let access, channels;
  try {
    [access, channels] = await Promise.all([botGuildAccess(db, guild.guildId), getGuildChannels(guild.guildId)]);
  } catch (error) {
    for (const counter of counters) await recordCounterFailure(context, counter, error);
    return;
  }
  const counts = { members: access.guild.approximate_member_count ?? 0, online: access.guild.approximate_presence_count ?? 0, boosts: access.guild.premium_subscription_count ?? 0 };
  for (const counter of counters) {
    const status = statusOf(counter);
    const sameChannel = status?.lastChannelId === counter.channelId;
    try {
      const name = counterName(counter.format, await guildTemplateContext(access, counter.channelId), counts[counter.counts]);
      const current = channels.find((channel) => channel.id === counter.channelId);
      // Unchanged (or nothing to show): no call. Renamed twice lately: the new count waits for a later sweep.
      if (name === "" || current?.name === name) continue;
      if (sameChannel && status?.nextRunAt && now() < status.nextRunAt) continue;
      await renameChannel(counter.channelId, name, "Statistics counter");
      const at = now();
      await recordChanged(db, counter.target, counter.channelId, at, renameAgainAt(at, sameChannel ? (status?.lastPostedAt ?? null) : null));
    } catch (error) {
      await recordCounterFailure(context, counter, error);
    }
  }
}

async function sweepCounters(context: JobContext): Promise<void> {
  const { db } = context;
  const [guilds, statuses] = await Promise.all([
    db
      .select({ guildId: guildPlugins.guildId, config: guildPlugins.config, updatedAt: guildPlugins.updatedAt, buffs: guildSettings.buffs })
      .from(guildPlugins)
      .leftJoin(guildSettings, eq(guildSettings.guildId, guildPlugins.guildId))
      .where(and(eq(guildPlugins.pluginId, statistics.id), eq(guildPlugins.enabled, true))),
    db.select().from(runStatus).where(eq(runStatus.pluginId, statistics.id)),
  ]);
  const statusOf = new Map(statuses.map((row) => [`${row.guildId}:${row.itemId}`, row]));
  // A Premium plugin: without Premium its settings are kept and the counters stand still.
  // Platform failures are in the counters' logs; anything else fails the sweep once every guild had its turn.
  await eachInTurn(
    guilds.filter((candidate) => isPremium(candidate.buffs ?? [])),
    (row) => updateCounters(context, { guildId: row.guildId, config: statistics.configSchema.parse(normalizeConfig(statistics, row.config)), updatedAt: row.updatedAt }, statusOf),
  );
}

export const updateCountersJob = defineJob({
  name: "statistics.counters",
  data: z.object({}),
  queue: { policy: "exclusive", retryLimit: 0, expireInSeconds: 240 },
  schedules: [{ key: "every-five-minutes", cron: "*/5 * * * *", data: {} }],
  run: (_data, context) => sweepCounters(context),
});
