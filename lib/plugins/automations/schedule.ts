import "server-only";
import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/lib/db/client";
import { automationSteps, guildPlugins, guildSettings, pluginItems } from "@/lib/db/schema";
import { botGuildAccess } from "@/lib/guilds/bot-access";
import { getGuildPickers } from "@/lib/guilds/pickers";
import { guardedFetch } from "@/lib/http/guarded-fetch";
import { eachInTurn } from "@/lib/jobs/each-in-turn";
import { defineJob, type JobContext } from "@/lib/jobs/job";
import { postMessage } from "@/lib/platform/messages-api";
import { fieldsAsUtc, wallFieldsAt } from "@/lib/time/zone-offset";
import { inputDateTime, inputText } from "@/lib/validation/text";
import { defaultMessage } from "@/lib/templates/default-messages";
import { renderTemplate } from "@/lib/templates/render";
import { collectionLimit } from "../collection-limit";
import { normalizeConfig } from "../plugin-states";
import { snowflake } from "../fields";
import { guildTemplateContext, NO_MENTIONS } from "../posting";
import { cronMatches, scheduleCron } from "./cron";
import { automations, type Automation } from "./definition";
import { planAutomation, type PlannedStep } from "./plan";

// Scheduled automations run on the job engine. Every minute a sweep looks at the schedules of
// every guild (plugin on, automation on, within the plan's count) and sends a run job for each
// one whose cron line matches this minute or the one before in its time zone (a sweep late by
// a minute still runs it), keyed by automation and minute. A run carries out the actions in
// order: each step is recorded in automation_steps before it is taken (and the record dropped
// again when it fails, so the retry takes it), so a job run twice (a retry, the same minute
// seen by two sweeps) sends each message and calls each webhook once. A wait ends the run and
// sends the next one, from the action after it, due when the wait is over. A run that reaches
// its end says so in the plugin's log channel, when one is set, in the server's language.

const definition = automations.collections.automations;
const RUN_JOB = "automations.run";
const MINUTE = 60_000;

type Schedule = { guildId: string; id: string; automation: Automation; logChannelId: string | null };

/** The schedules of every guild (or of one) that may run now, in each guild's list order. */
async function runnableSchedules(db: Db, onlyGuild?: string): Promise<Schedule[]> {
  const rows = await db
    .select({ id: pluginItems.id, guildId: pluginItems.guildId, data: pluginItems.data, pluginOn: guildPlugins.enabled, config: guildPlugins.config, buffs: guildSettings.buffs })
    .from(pluginItems)
    .leftJoin(guildPlugins, and(eq(guildPlugins.guildId, pluginItems.guildId), eq(guildPlugins.pluginId, pluginItems.pluginId)))
    .leftJoin(guildSettings, eq(guildSettings.guildId, pluginItems.guildId))
    .where(and(eq(pluginItems.pluginId, automations.id), eq(pluginItems.collection, "automations"), onlyGuild ? eq(pluginItems.guildId, onlyGuild) : undefined))
    .orderBy(pluginItems.guildId, pluginItems.position);
  const found: Schedule[] = [];
  let guildId = "";
  let rank = 0;
  for (const row of rows) {
    rank = row.guildId === guildId ? rank + 1 : 0;
    guildId = row.guildId;
    // Past the guild's limit (Premium ended), automations keep their settings and stop running until it comes back.
    if (row.pluginOn !== true || rank >= collectionLimit(definition, row.buffs ?? [])) continue;
    const parsed = definition.itemSchema.safeParse(definition.upgrade!(row.data));
    if (!parsed.success || !parsed.data.enabled || parsed.data.trigger.type !== "schedule") continue;
    const config = automations.configSchema.parse(normalizeConfig(automations, row.config));
    found.push({ guildId: row.guildId, id: row.id, automation: parsed.data as Automation, logChannelId: config.log_channel_id });
  }
  return found;
}

/** Whether the automation's schedule runs at the minute starting at `at`. */
export function runsAt(automation: Automation, at: Date): boolean {
  const zone = automation.trigger.time_zone;
  const wall = wallFieldsAt(zone, at.getTime());
  const weekday = new Date(fieldsAsUtc(wall)).getUTCDay();
  return cronMatches(scheduleCron(automation.trigger), { minute: wall.minute, hour: wall.hour, day: wall.day, month: wall.month, weekday });
}

const runData = z.object({ guildId: snowflake, automationId: inputText().min(1).max(64), at: inputDateTime(), from: z.number().int().min(0).default(0) });
type RunData = z.output<typeof runData>;

async function sendRun(context: JobContext, data: RunData, afterSeconds = 0): Promise<void> {
  const singletonKey = `${data.automationId}:${data.at}:${data.from}`;
  await context.queue.send(RUN_JOB, data, { singletonKey, ...(afterSeconds > 0 ? { startAfter: afterSeconds } : {}) });
}

async function sweep(context: JobContext): Promise<void> {
  const minute = Math.floor(context.now().getTime() / MINUTE) * MINUTE;
  const schedules = await runnableSchedules(context.db);
  await eachInTurn(schedules, async ({ guildId, id, automation }) => {
    for (const at of [minute - MINUTE, minute]) {
      if (runsAt(automation, new Date(at))) await sendRun(context, { guildId, automationId: id, at: new Date(at).toISOString(), from: 0 });
    }
  });
}

/** Records the step as taken; false when a run of the same minute took it already. */
async function claimStep(db: Db, data: RunData, step: number): Promise<boolean> {
  const rows = await db
    .insert(automationSteps)
    .values({ guildId: data.guildId, automationId: data.automationId, scheduledFor: new Date(data.at), step })
    .onConflictDoNothing()
    .returning({ step: automationSteps.step });
  return rows.length > 0;
}

async function releaseStep(db: Db, data: RunData, step: number): Promise<void> {
  await db
    .delete(automationSteps)
    .where(and(eq(automationSteps.automationId, data.automationId), eq(automationSteps.scheduledFor, new Date(data.at)), eq(automationSteps.step, step)));
}

/** The platform's nonce for a step's message (25 characters at most): the same for every retry of it. */
const stepNonce = (data: RunData, step: number) => createHash("sha256").update(`${data.automationId}:${data.at}:${step}`).digest("base64url").slice(0, 25);

async function take(context: JobContext, data: RunData, step: PlannedStep, automation: Automation): Promise<"next" | "stop"> {
  switch (step.type) {
    case "send_message":
      await postMessage(step.channel_id!, {
        ...(step.content ? { content: step.content } : {}),
        ...(step.embed ? { embeds: [step.embed] } : {}),
        allowed_mentions: NO_MENTIONS,
        nonce: stepNonce(data, step.index),
        enforce_nonce: true,
      });
      return "next";
    case "webhook":
      await guardedFetch(step.url!, {
        post: { contentType: "application/json", body: JSON.stringify({ automation: { id: data.automationId, name: automation.name }, scheduled_for: data.at, content: step.content ?? "" }) },
      });
      return "next";
    case "wait":
      await sendRun(context, { ...data, from: step.index + 1 }, step.seconds);
      return "stop";
    // set_variable only feeds the actions after it (the plan rendered them); member actions need a member, which a schedule has not (refused on save).
    default:
      return "next";
  }
}

async function run(context: JobContext, data: RunData): Promise<void> {
  const { db } = context;
  const still = (await runnableSchedules(db, data.guildId)).find((candidate) => candidate.id === data.automationId);
  // Deleted, turned off or past the plan's count since the job was sent.
  if (!still) return;
  const access = await botGuildAccess(db, data.guildId);
  const pickers = await getGuildPickers(data.guildId);
  const channels = new Map(pickers.channels.map((channel) => [channel.id, channel.name]));
  const roles = new Map(pickers.roles.map((role) => [role.id, role.name]));
  const templateContext = await guildTemplateContext(access, null, pickers);
  const steps = planAutomation(still.automation, {}, templateContext, { channel: (id) => channels.get(id), role: (id) => roles.get(id) });
  for (const step of steps.slice(data.from)) {
    if (step.status !== "run") return;
    if (!(await claimStep(db, data, step.index))) continue;
    let next: "next" | "stop";
    try {
      next = await take(context, data, step, still.automation);
    } catch (error) {
      await releaseStep(db, data, step.index);
      throw error;
    }
    if (next === "stop") return;
  }
  // The plugin's log channel hears of the run once, as the step after the last action.
  if (still.logChannelId && (await claimStep(db, data, steps.length))) {
    const line = renderTemplate(defaultMessage("automations.scheduled_run"), { ...templateContext, item: { automation: still.automation.name } });
    try {
      await postMessage(still.logChannelId, { content: line, allowed_mentions: NO_MENTIONS, nonce: stepNonce(data, steps.length), enforce_nonce: true });
    } catch (error) {
      await releaseStep(db, data, steps.length);
      throw error;
    }
  }
}

export const runAutomationJob = defineJob({
  name: RUN_JOB,
  data: runData,
  queue: { policy: "exclusive", retryLimit: 3, retryDelay: 10, retryBackoff: true, retryDelayMax: 300, expireInSeconds: 120 },
  run: (data, context) => run(context, data),
});

export const sweepAutomationsJob = defineJob({
  name: "automations.sweep",
  data: z.object({}),
  queue: { policy: "exclusive", retryLimit: 1, expireInSeconds: 60 },
  schedules: [{ key: "every-minute", cron: "* * * * *", data: {} }],
  run: (_data, context) => sweep(context),
});
