import "server-only";
import { and, eq, isNotNull } from "drizzle-orm";
import { z } from "zod";
import { readUpcomingBirthdays, type Upcoming } from "@/lib/birthdays/upcoming";
import { guildPlugins, runStatus } from "@/lib/db/schema";
import { claimDeliveries, knownKeys, skipDeliveries } from "@/lib/deliveries/claim";
import { postFailureOf } from "@/lib/deliveries/failures";
import { sendPostJobs } from "@/lib/deliveries/post";
import { isPaused, recordFailure } from "@/lib/deliveries/run-status";
import { botGuildAccess } from "@/lib/guilds/bot-access";
import { eachInTurn } from "@/lib/jobs/each-in-turn";
import { defineJob, type JobContext } from "@/lib/jobs/job";
import { getGuildMember } from "@/lib/platform/bot-api";
import type { MessageBody } from "@/lib/platform/messages-api";
import { withSampleUser } from "@/lib/templates/context";
import { renderTemplate } from "@/lib/templates/render";
import { wallClockToUtc } from "@/lib/time/wall-clock";
import { wallFieldsAt } from "@/lib/time/zone-offset";
import { normalizeConfig } from "../plugin-states";
import { guildTemplateContext } from "../posting";
import { birthdays } from "./definition";
import { sendBirthdayRole } from "./role";

// Birthdays are announced on the member's day in the member's time zone (the plugin's when
// they set none; 29 February on the 28th outside leap years, lib/birthdays), once their local
// hour reaches the plugin's announcement hour. A sweep every quarter of an hour claims each
// due announcement under a key per member and year, so a member is announced once a year
// however many sweeps and workers run; the birthday role goes with it, until the day ends.
// The delivery log is the plugin's own row (item ""): a deleted channel pauses the
// announcements until the plugin is saved again.

type BirthdaysConfig = z.output<typeof birthdays.configSchema>;
type Guild = { guildId: string; config: BirthdaysConfig };

const announcementKey = (guildId: string, entry: Upcoming) => `birthdays:${guildId}:${entry.userId}:${entry.date.slice(0, 4)}`;

/** When the member's day ends: their next local midnight. */
function dayEnd(entry: Upcoming): Date {
  const [year, month, day] = entry.date.split("-").map(Number) as [number, number, number];
  const next = new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10);
  return new Date(wallClockToUtc({ date: next, time: "00:00" }, entry.timeZone) ?? entry.startsAt + 86_400_000);
}

/** Guilds with the plugin on and an announcement channel, whose announcements are not paused. */
async function announcingGuilds({ db }: JobContext): Promise<Guild[]> {
  const [rows, paused] = await Promise.all([
    db.select().from(guildPlugins).where(and(eq(guildPlugins.pluginId, birthdays.id), eq(guildPlugins.enabled, true))),
    db.select().from(runStatus).where(and(eq(runStatus.pluginId, birthdays.id), eq(runStatus.itemId, ""), isNotNull(runStatus.pausedAt))),
  ]);
  const pausedAt = new Map(paused.map((row) => [row.guildId, row.pausedAt!]));
  return rows
    .filter((row) => !isPaused(pausedAt.get(row.guildId), row.updatedAt))
    .map((row) => ({ guildId: row.guildId, config: birthdays.configSchema.parse(normalizeConfig(birthdays, row.config)) }))
    .filter((guild) => guild.config.announcement_channel_id !== null);
}

async function announce(context: JobContext, { guildId, config }: Guild): Promise<void> {
  const { db, queue, now } = context;
  const at = now();
  const today = await readUpcomingBirthdays(db, guildId, config.timezone, { now: at.getTime(), days: 0, limit: Number.MAX_SAFE_INTEGER });
  const due = today.filter((entry) => wallFieldsAt(entry.timeZone, at.getTime()).hour >= config.announcement_hour);
  const known = await knownKeys(db, due.map((entry) => announcementKey(guildId, entry)));
  const waiting = due.filter((entry) => !known.has(announcementKey(guildId, entry)));
  if (waiting.length === 0) return;

  const channelId = config.announcement_channel_id!;
  const target = { guildId, pluginId: birthdays.id, itemId: "" };
  const guildContext = await guildTemplateContext(await botGuildAccess(db, guildId), channelId);
  for (const entry of waiting) {
    const key = announcementKey(guildId, entry);
    const member = await getGuildMember(guildId, entry.userId);
    // Left the server: nobody to celebrate this year.
    if (!member?.user) {
      await skipDeliveries(db, [{ ...target, key }]);
      continue;
    }
    const age = config.show_age && entry.age !== null ? String(entry.age) : "";
    const content = renderTemplate(config.announcement_message, { ...withSampleUser(guildContext, member.user), item: { age } });
    // The member is pinged on their day; nobody else is.
    const body: MessageBody = { content, allowed_mentions: { parse: [], users: [entry.userId] } };
    const claimed = await claimDeliveries(db, [{ ...target, key, channelId, body }]);
    if (claimed.length === 0) continue;
    await sendPostJobs(queue, claimed);
    if (config.birthday_role_id) await sendBirthdayRole(queue, { guildId, userId: entry.userId, roleId: config.birthday_role_id }, dayEnd(entry));
  }
}

async function sweepBirthdays(context: JobContext): Promise<void> {
  await eachInTurn(await announcingGuilds(context), async (guild) => {
    try {
      await announce(context, guild);
    } catch (error) {
      // A platform failure is this guild's (the bot was removed); anything else (postFailureOf throws it) fails the sweep.
      const failure = postFailureOf(error);
      await recordFailure(context.db, { guildId: guild.guildId, pluginId: birthdays.id, itemId: "" }, failure, context.now());
    }
  });
}

export const sweepBirthdaysJob = defineJob({
  name: "birthdays.sweep",
  data: z.object({}),
  queue: { policy: "exclusive", retryLimit: 1, expireInSeconds: 300 },
  // Quarter hours: every zone's hours start on one (UTC offsets are whole, half or three-quarter hours).
  schedules: [{ key: "every-quarter-hour", cron: "*/15 * * * *", data: {} }],
  run: (_data, context) => sweepBirthdays(context),
});
