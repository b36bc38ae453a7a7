import "server-only";
import { and, count, eq, inArray, max, sum } from "drizzle-orm";
import { z } from "zod";
import type { NextRequest } from "next/server";
import { recordAudit } from "@/lib/audit/record";
import { enterDemoReactors } from "./demo-entrants";
import type { Db } from "@/lib/db/client";
import { giveawayEntries, giveawayRuns, giveawayWinners } from "@/lib/db/schema";
import type { GuildAccess } from "@/lib/guilds/access";
import { guildLanguage } from "@/lib/guilds/guild-language";
import { readGuildSettings } from "@/lib/guilds/settings-queries";
import { ApiError, versionConflict } from "@/lib/http/api-error";
import { apiLocale } from "@/lib/http/api-locale";
import { getGuildMember } from "@/lib/platform/bot-api";
import { addReaction, deleteMessage, editMessage, postMessage } from "@/lib/platform/messages-api";
import { guildIdParams } from "@/lib/platform/snowflake";
import { fill } from "@/lib/i18n/fill";
import type { IssueCode } from "@/lib/validation/issues";
import { fieldIssue, issueTextFor } from "@/lib/validation/server-messages";
import { endpoint, itemParams, type PluginEndpoint } from "../endpoint";
import { requiredDateTimeField } from "../fields";
import { getItem, parseStoredItem, queryItems, type Item } from "../items";
import { readPluginState } from "../plugin-states";
import { assertTextChannel, isUnknownMessage, NO_MENTIONS, posting, renderForGuild } from "../posting";
import { defaultTexts } from "../default-texts";
import { withDefaultText } from "@/lib/templates/default-messages";
import { GIVEAWAY_BOT_TEXT, type GiveawayBotText } from "./bot-text";
import { giveaways } from "./definition";
import { drawWinners, qualifies } from "./draw";
import type { GiveawayStatus, GiveawayView } from "./view";

// A giveaway's life after it is saved: Start posts its message (with the entry reaction),
// End draws its winners, Reroll draws others among the rest, Cancel stops it without a draw.
// Entries come from the bot (giveaway_entries); the draw runs here (./draw.ts). Every change is
// one transaction with its audit row, written after the platform accepted the message it
// announces; a message whose change could not be written is taken back, so the channel and
// the database never disagree.

const definition = giveaways.collections.giveaways;
const scope = (guildId: string) => ({ guildId, pluginId: giveaways.id, collection: "giveaways" });
/** A giveaway as stored: its end may have passed since it was saved. */
const storedSchema = definition.itemSchema.extend({ ends_at: requiredDateTimeField() });
const auditTargetOf = (itemId: string) => `giveaway:${itemId}`;

type Run = typeof giveawayRuns.$inferSelect;

/** A 409 for an action the giveaway's state does not allow, worded in the caller's language. */
function refused(req: NextRequest, code: IssueCode & `giveaway_${string}`): ApiError {
  return new ApiError(409, code, issueTextFor(apiLocale(req))(code), [fieldIssue("status", code)]);
}

function stateRefusal(req: NextRequest, status: GiveawayStatus): ApiError {
  if (status === "scheduled") return refused(req, "giveaway_not_started");
  if (status === "running") return refused(req, "giveaway_not_ended");
  return refused(req, status === "ended" ? "giveaway_ended" : "giveaway_cancelled");
}

async function readRun(db: Db, guildId: string, itemId: string): Promise<Run | null> {
  const [run] = await db
    .select()
    .from(giveawayRuns)
    .where(and(eq(giveawayRuns.guildId, guildId), eq(giveawayRuns.giveawayId, itemId)))
    .limit(1);
  return run ?? null;
}

async function botText(db: Db, access: GuildAccess): Promise<{ text: GiveawayBotText; winnerMessage: string; config: z.output<typeof giveaways.configSchema> }> {
  const [settings, state] = await Promise.all([readGuildSettings(db, access.guildId), readPluginState(db, access.guildId, giveaways)]);
  const language = guildLanguage(settings.locale, access.guild.preferred_locale);
  const config = giveaways.configSchema.parse(state.config);
  return { text: GIVEAWAY_BOT_TEXT[language], winnerMessage: withDefaultText(config.winner_message, defaultTexts(language)), config };
}

const roleMentions = (ids: readonly string[]) => ids.map((id) => `<@&${id}>`).join(", ");

/** The giveaway message: prize, number of winners, the end as the platform's own timestamp, who may enter, how. */
function giveawayMessage(item: z.output<typeof definition.itemSchema>, text: GiveawayBotText, emoji: string, pingRoleId: string | null): string {
  const unix = Math.floor(Date.parse(item.ends_at) / 1000);
  return [
    pingRoleId ? `<@&${pingRoleId}>` : null,
    `🎉 **${item.prize}** 🎉`,
    fill(text.winners, { count: item.winners }),
    fill(text.ends, { when: `<t:${unix}:R> (<t:${unix}:f>)` }),
    item.required_role_ids.length > 0 ? fill(text.required, { roles: roleMentions(item.required_role_ids) }) : null,
    item.bonus_entries.length > 0 ? fill(text.bonus, { bonus: item.bonus_entries.map((bonus) => `<@&${bonus.role_id}> +${bonus.entries}`).join(", ") }) : null,
    fill(text.enter, { emoji }),
  ]
    .filter((line): line is string => line !== null)
    .join("\n");
}

/**
 * The draw's announcement: the plugin's winner message with every winner where it mentions
 * the member, and a line when fewer could win than there were places (or nobody).
 */
async function announcement(access: GuildAccess, run: Run, winners: readonly string[], eligible: number, words: { text: GiveawayBotText; winnerMessage: string }, reroll: boolean): Promise<string> {
  const lines = [`🎉 **${run.prize}**`];
  if (reroll) lines.push(words.text.reroll);
  if (winners.length === 0) lines.push(words.text.noEntrants);
  else {
    const mentions = winners.map((id) => `<@${id}>`).join(", ");
    const message = words.winnerMessage.replaceAll("{user.mention}", mentions).replaceAll("{user}", mentions);
    lines.push(await renderForGuild(access, message, run.channelId));
    if (!reroll && eligible < run.winnerCount) lines.push(fill(words.text.allWin, { entrants: eligible, count: run.winnerCount }));
  }
  return lines.join("\n");
}

/** Draws and posts; answers the announcement's message and the winners. Nothing is written. Throws PlatformError. */
async function drawAndAnnounce(access: GuildAccess, db: Db, run: Run, count: number, exclude: ReadonlySet<string>, reroll: boolean) {
  const entrants = await db
    .select({ userId: giveawayEntries.userId, entries: giveawayEntries.entries })
    .from(giveawayEntries)
    .where(and(eq(giveawayEntries.guildId, run.guildId), eq(giveawayEntries.giveawayId, run.giveawayId)));
  const ineligible = new Set<string>();
  const isEligible = async (userId: string) => {
    const member = await getGuildMember(run.guildId, userId);
    const ok = member !== null && qualifies(member.roles, run.requiredRoleIds);
    if (!ok) ineligible.add(userId);
    return ok;
  };
  const winners = await drawWinners(entrants, count, { exclude, isEligible });
  const words = await botText(db, access);
  // Only drawn members were checked; everyone else counts as eligible for the "all win" line.
  const eligible = entrants.filter((entrant) => !exclude.has(entrant.userId) && !ineligible.has(entrant.userId)).length;
  const message = await postMessage(run.channelId, {
    content: await announcement(access, run, winners, eligible, words, reroll),
    allowed_mentions: { parse: [], users: winners },
  });
  return { winners, message };
}

/** Runs `write`; if it throws, the message just posted for it is taken back. */
async function orTakeBack<T>(channelId: string, messageId: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    await deleteMessage(channelId, messageId).catch(() => false);
    throw error;
  }
}

class AlreadyEnded extends Error {}

/**
 * Ends a running giveaway: draws, announces the winners and records the end with its audit
 * row (as `access.userId`: the member who pressed End, or the bot when its time came). Null
 * when it was no longer running: only the first of two concurrent Ends records, and the
 * other's announcement is taken back. End now and the job worker's end at `ends_at` share it.
 */
export async function endGiveaway(db: Db, access: GuildAccess, run: Run): Promise<{ winners: string[]; messageId: string } | null> {
  const { winners, message } = await drawAndAnnounce(access, db, run, run.winnerCount, new Set(), false);
  try {
    await orTakeBack(run.channelId, message.id, () =>
      db.transaction(async (tx) => {
        const [ended] = await tx
          .update(giveawayRuns)
          .set({ status: "ended", finishedAt: new Date() })
          .where(and(eq(giveawayRuns.giveawayId, run.giveawayId), eq(giveawayRuns.status, "running")))
          .returning({ id: giveawayRuns.giveawayId });
        if (!ended) throw new AlreadyEnded();
        if (winners.length > 0) await tx.insert(giveawayWinners).values(winners.map((userId) => ({ guildId: run.guildId, giveawayId: run.giveawayId, userId, round: 1 })));
        await recordAudit(tx, { guildId: run.guildId, userId: access.userId, action: "plugin.update", target: auditTargetOf(run.giveawayId), before: { status: "running" }, after: { status: "ended", winners, round: 1 } });
      }),
    );
  } catch (error) {
    if (error instanceof AlreadyEnded) return null;
    throw error;
  }
  return { winners, messageId: message.id };
}

/** The run of a giveaway, read by the job worker. */
export const readGiveawayRun = readRun;

async function memberName(guildId: string, userId: string): Promise<string | null> {
  const member = await getGuildMember(guildId, userId).catch(() => null);
  return member ? member.nick || member.user.global_name || member.user.username : null;
}

/** The dashboard's view of these giveaways: status, entrants and winners (with names). */
async function views(db: Db, guildId: string, items: readonly Item[]): Promise<GiveawayView[]> {
  if (items.length === 0) return [];
  const ids = items.map((item) => item.id);
  const [runs, winners, tallies] = await Promise.all([
    db.select().from(giveawayRuns).where(and(eq(giveawayRuns.guildId, guildId), inArray(giveawayRuns.giveawayId, ids))),
    db.select().from(giveawayWinners).where(and(eq(giveawayWinners.guildId, guildId), inArray(giveawayWinners.giveawayId, ids))),
    db
      .select({ giveawayId: giveawayEntries.giveawayId, entrants: count(), entries: sum(giveawayEntries.entries).mapWith(Number) })
      .from(giveawayEntries)
      .where(and(eq(giveawayEntries.guildId, guildId), inArray(giveawayEntries.giveawayId, ids)))
      .groupBy(giveawayEntries.giveawayId),
  ]);
  const names = new Map(await Promise.all([...new Set(winners.map((winner) => winner.userId))].map(async (id) => [id, await memberName(guildId, id)] as const)));
  return items.map((item) => {
    const data = item.data as { prize?: string; ends_at?: string; channel_id?: string; winners?: number };
    const run = runs.find((entry) => entry.giveawayId === item.id);
    const tally = tallies.find((entry) => entry.giveawayId === item.id);
    return {
      id: item.id,
      prize: run?.prize ?? data.prize ?? "",
      ends_at: run?.endsAt.toISOString() ?? data.ends_at ?? "",
      status: (run?.status ?? "scheduled") as GiveawayStatus,
      channel_id: run?.channelId ?? data.channel_id ?? "",
      message_id: run?.messageId ?? null,
      winner_count: run?.winnerCount ?? data.winners ?? 1,
      entrants: tally?.entrants ?? 0,
      entries: tally?.entries ?? 0,
      finished_at: run?.finishedAt?.toISOString() ?? null,
      winners: winners
        .filter((winner) => winner.giveawayId === item.id)
        .sort((a, b) => a.round - b.round || a.drawnAt.getTime() - b.drawnAt.getTime())
        .map((winner) => ({ user_id: winner.userId, round: winner.round, name: names.get(winner.userId) ?? null })),
    };
  });
}

async function viewOf(db: Db, guildId: string, itemId: string): Promise<GiveawayView> {
  return (await views(db, guildId, [await getItem(db, scope(guildId), itemId)]))[0]!;
}

const LIST_LIMIT = 50;

/** The first giveaways of a guild as the dashboard shows them (the page and GET …/draws). */
export async function listGiveawayViews(db: Db, guildId: string): Promise<{ giveaways: GiveawayView[]; total: number }> {
  const { items, total } = await queryItems(db, scope(guildId), { limit: LIST_LIMIT, offset: 0 });
  return { giveaways: await views(db, guildId, items), total };
}

export function giveawaysEndpoints(): PluginEndpoint[] {
  const item = "/giveaways/guilds/:guildId/giveaways/:itemId";
  return [
    endpoint({
      method: "GET",
      path: "/giveaways/guilds/:guildId/draws",
      plugin: giveaways.id,
      params: guildIdParams,
      handler: async ({ db, params }) => listGiveawayViews(db, params.guildId),
    }),
    endpoint({
      method: "POST",
      path: `${item}/start`,
      plugin: giveaways.id,
      collection: "giveaways",
      params: itemParams,
      handler: async ({ db, params, access, req }) => {
        const stored = await getItem(db, scope(params.guildId), params.itemId);
        const run = await readRun(db, params.guildId, params.itemId);
        if (run && run.status !== "running") throw stateRefusal(req, run.status as GiveawayStatus);
        // Started (or re-posted after an edit) only with an end still ahead.
        const data = parseStoredItem(definition.itemSchema, stored);
        const { text, config } = await botText(db, access);
        const emoji = config.entry_emoji || "🎉";
        const { message, fresh } = await posting(async () => {
          const channel = await assertTextChannel(params.guildId, data.channel_id);
          const content = giveawayMessage(data, text, emoji, config.ping_role_id);
          if (run?.messageId && run.channelId === channel) {
            try {
              return { message: await editMessage(channel, run.messageId, { content, allowed_mentions: NO_MENTIONS }), fresh: false };
            } catch (error) {
              if (!isUnknownMessage(error)) throw error;
            }
          }
          const posted = await postMessage(channel, { content, allowed_mentions: { parse: [], roles: config.ping_role_id ? [config.ping_role_id] : [] } });
          try {
            await addReaction(channel, posted.id, emoji);
          } catch (error) {
            await deleteMessage(channel, posted.id).catch(() => false);
            throw error;
          }
          return { message: posted, fresh: true };
        });
        const write = () =>
          db.transaction(async (tx) => {
            const [current] = await tx.select().from(giveawayRuns).where(eq(giveawayRuns.giveawayId, params.itemId)).for("update");
            if (current && current.status !== "running") throw stateRefusal(req, current.status as GiveawayStatus);
            const values = {
              channelId: message.channel_id,
              messageId: message.id,
              prize: data.prize,
              winnerCount: data.winners,
              requiredRoleIds: data.required_role_ids,
              endsAt: new Date(data.ends_at),
            };
            await tx
              .insert(giveawayRuns)
              .values({ giveawayId: params.itemId, guildId: params.guildId, status: "running", ...values })
              .onConflictDoUpdate({ target: giveawayRuns.giveawayId, set: values });
            await recordAudit(tx, {
              guildId: params.guildId,
              userId: access.userId,
              action: "plugin.update",
              target: auditTargetOf(params.itemId),
              before: { status: current?.status ?? "scheduled" },
              after: { status: "running", channel_id: message.channel_id, message_id: message.id },
            });
          });
        await (fresh ? orTakeBack(message.channel_id, message.id, write) : write());
        // Moved to another channel: the message in the old one no longer takes entries.
        if (run?.messageId && run.messageId !== message.id) await deleteMessage(run.channelId, run.messageId).catch(() => false);
        // npm start's demo has no bot to record entries: its stand-in does, here; a no-op elsewhere.
        await enterDemoReactors(db, { guildId: params.guildId, id: params.itemId, channelId: message.channel_id, messageId: message.id, emoji, required_role_ids: data.required_role_ids, bonus_entries: data.bonus_entries });
        return { channel_id: message.channel_id, message_id: message.id, giveaway: await viewOf(db, params.guildId, params.itemId) };
      },
    }),
    endpoint({
      method: "POST",
      path: `${item}/end`,
      plugin: giveaways.id,
      collection: "giveaways",
      params: itemParams,
      handler: async ({ db, params, access, req }) => {
        await getItem(db, scope(params.guildId), params.itemId);
        const run = await readRun(db, params.guildId, params.itemId);
        if (run?.status !== "running") throw stateRefusal(req, (run?.status ?? "scheduled") as GiveawayStatus);
        const ended = await posting(() => endGiveaway(db, access, run));
        if (!ended) throw refused(req, "giveaway_ended");
        return { channel_id: run.channelId, message_id: ended.messageId, winners: ended.winners, giveaway: await viewOf(db, params.guildId, params.itemId) };
      },
    }),
    endpoint({
      method: "POST",
      path: `${item}/reroll`,
      plugin: giveaways.id,
      collection: "giveaways",
      params: itemParams,
      body: z.strictObject({ winners: z.number().int().min(1).max(50).default(1) }).default({ winners: 1 }),
      handler: async ({ db, params, access, req, body }) => {
        await getItem(db, scope(params.guildId), params.itemId);
        const run = await readRun(db, params.guildId, params.itemId);
        if (run?.status !== "ended") throw stateRefusal(req, (run?.status ?? "scheduled") as GiveawayStatus);
        const earlier = await db
          .select({ userId: giveawayWinners.userId, round: giveawayWinners.round })
          .from(giveawayWinners)
          .where(and(eq(giveawayWinners.guildId, params.guildId), eq(giveawayWinners.giveawayId, params.itemId)));
        const round = Math.max(1, ...earlier.map((winner) => winner.round)) + 1;
        const { winners, message } = await posting(() => drawAndAnnounce(access, db, run, body.winners, new Set(earlier.map((winner) => winner.userId)), true));
        if (winners.length === 0) {
          await deleteMessage(run.channelId, message.id).catch(() => false);
          throw refused(req, "giveaway_no_entrants_left");
        }
        await orTakeBack(run.channelId, message.id, () =>
          db.transaction(async (tx) => {
            await tx.select({ id: giveawayRuns.giveawayId }).from(giveawayRuns).where(eq(giveawayRuns.giveawayId, params.itemId)).for("update");
            const [latest] = await tx
              .select({ round: max(giveawayWinners.round) })
              .from(giveawayWinners)
              .where(eq(giveawayWinners.giveawayId, params.itemId));
            // Another reroll finished while this one drew: its winners were not excluded here.
            if ((latest?.round ?? 1) !== round - 1) throw versionConflict();
            await tx.insert(giveawayWinners).values(winners.map((userId) => ({ guildId: params.guildId, giveawayId: params.itemId, userId, round })));
            await recordAudit(tx, { guildId: params.guildId, userId: access.userId, action: "plugin.update", target: auditTargetOf(params.itemId), before: { status: "ended" }, after: { status: "ended", winners, round } });
          }),
        );
        return { channel_id: run.channelId, message_id: message.id, winners, giveaway: await viewOf(db, params.guildId, params.itemId) };
      },
    }),
    endpoint({
      method: "POST",
      path: `${item}/cancel`,
      plugin: giveaways.id,
      collection: "giveaways",
      params: itemParams,
      handler: async ({ db, params, access, req }) => {
        const stored = await getItem(db, scope(params.guildId), params.itemId);
        const data = parseStoredItem(storedSchema, stored);
        await db.transaction(async (tx) => {
          const [current] = await tx.select().from(giveawayRuns).where(eq(giveawayRuns.giveawayId, params.itemId)).for("update");
          // Cancelling twice is the same as once.
          if (current?.status === "cancelled") return;
          if (current?.status === "ended") throw refused(req, "giveaway_ended");
          const finished = { status: "cancelled", finishedAt: new Date() };
          if (current) await tx.update(giveawayRuns).set(finished).where(eq(giveawayRuns.giveawayId, params.itemId));
          else {
            await tx.insert(giveawayRuns).values({
              giveawayId: params.itemId,
              guildId: params.guildId,
              channelId: data.channel_id,
              messageId: null,
              prize: data.prize,
              winnerCount: data.winners,
              requiredRoleIds: data.required_role_ids,
              endsAt: new Date(data.ends_at),
              ...finished,
            });
          }
          await recordAudit(tx, { guildId: params.guildId, userId: access.userId, action: "plugin.update", target: auditTargetOf(params.itemId), before: { status: current?.status ?? "scheduled" }, after: { status: "cancelled" } });
        });
        return { giveaway: await viewOf(db, params.guildId, params.itemId) };
      },
    }),
  ];
}
