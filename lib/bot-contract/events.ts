import "server-only";
import { eq } from "drizzle-orm";
import type { Db, Tx } from "@/lib/db/client";
import { blockCustomBot, notifyBlocked } from "@/lib/custom-bot/switch";
import { botEvents } from "@/lib/db/schema";
import { getEnv } from "@/lib/env";
import { isBotInGuild } from "@/lib/guilds/bot-presence";
import { expireGuildPages } from "@/lib/guilds/page-cache";
import { addXp } from "@/lib/levels/gains";
import { enterRunningGiveaway } from "@/lib/plugins/giveaways/entries";
import { levels } from "@/lib/plugins/levels/definition";
import { recordCase } from "@/lib/moderation/cases";
import { buyWare, PURCHASE_REFUSALS, PurchaseRefused } from "@/lib/plugins/economy/purchases";
import { readPluginState } from "@/lib/plugins/plugin-states";
import { guildOfRecordingKey } from "@/lib/plugins/record/keys";
import { recordFinished } from "@/lib/plugins/record/recordings";
import { countActivity } from "@/lib/plugins/statistics/activity";
import { ticketing } from "@/lib/plugins/ticketing/definition";
import { recordClaimed, recordClosed, recordOpened, TicketReportRefused, type TicketRefusal } from "@/lib/plugins/ticketing/tickets";
import type { BotKey } from "./keys";
import type { BotEvent, EventResult } from "./schemas";

// What the gateway bot reports (POST /api/bot/v1/events), applied once per key. Each event is
// its own transaction: its bot_events row (the key, unique) and its effect commit together, so
// an event sent twice, even at the same instant, has one effect (the second insert waits for the
// first and finds the key taken). An event that cannot apply changes nothing and leaves its key
// unused. bot_events is also the record of who wrote what: each row names the bot key that
// reported it. XP, joins, leaves, message counts, entries, tickets and recordings write no audit row (they come by the thousand; the audit log
// is the owners' record of their settings and of moderation); a moderation case writes its case's,
// and a custom bot's token refused by the platform blocks the bot, which its owner sees.

/** Why an event changes nothing; its key stays unused, so the bot may send it again later. */
class Refused extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** What an applied event adds to its result (a purchase's outcome), if anything. */
type Applied = Pick<EventResult, "purchase"> | void;

async function apply(tx: Tx, bot: BotKey, event: BotEvent): Promise<Applied> {
  switch (event.type) {
    case "member_join":
      return countActivity(tx, event.guild_id, new Date(event.at), "joins", 1);
    case "member_leave":
      return countActivity(tx, event.guild_id, new Date(event.at), "leaves", 1);
    case "messages_counted":
      return countActivity(tx, event.guild_id, new Date(event.at), "messages", event.messages);
    case "recording_finished": {
      if (guildOfRecordingKey(event.storage_key) !== event.guild_id) throw new Refused("storage_key_guild_mismatch", "The recording's storage key is in another guild's folder.");
      const recorded = await recordFinished(tx, event.guild_id, {
        id: event.id,
        channelId: event.channel_id,
        startedAt: new Date(event.started_at),
        durationS: event.duration_s,
        sizeBytes: event.size_bytes,
        participants: event.participants,
        storageKey: event.storage_key,
      });
      if (!recorded) throw new Refused("recording_exists", "A recording with this id was reported already.");
      return;
    }
    case "xp_gain": {
      const state = await readPluginState(tx, event.guild_id, levels);
      if (!state.enabled) throw new Refused("plugin_disabled", "Levels is turned off in this guild: it earns no XP.");
      await addXp(tx, event.guild_id, { userId: event.user_id, xp: event.xp, messages: event.messages, displayName: event.display_name, username: event.username, avatar: event.avatar });
      return;
    }
    case "giveaway_entry": {
      const entered = await enterRunningGiveaway(tx, event.guild_id, event.giveaway_id, { userId: event.user_id, roleIds: event.role_ids });
      if (entered === "not_running") throw new Refused("giveaway_not_running", "This giveaway of this guild is not running: it takes no entries.");
      if (entered === null) throw new Refused("giveaway_role_missing", "The member holds none of the roles this giveaway requires.");
      return;
    }
    case "moderation_case": {
      const at = new Date(event.at);
      const isBot = event.moderator_id === getEnv().DISCORD_CLIENT_ID;
      await recordCase(
        tx,
        {
          guildId: event.guild_id,
          // "mute" is what bots called a timeout before the platform had them.
          type: event.action === "mute" ? "timeout" : event.action,
          targetId: event.user_id,
          moderator: { kind: isBot ? "bot" : "platform", id: event.moderator_id },
          reason: event.reason ?? "",
          durationSeconds: event.duration_seconds,
          expiresAt: event.duration_seconds ? new Date(at.getTime() + event.duration_seconds * 1000) : null,
          source: "bot",
          idempotencyKey: `bot-event:${event.key}`,
          at,
        },
        event.moderator_id,
      );
      return;
    }
    case "ticket_opened": {
      const state = await readPluginState(tx, event.guild_id, ticketing);
      if (!state.enabled) throw new Refused("plugin_disabled", "Ticketing is turned off in this guild: it opens no tickets.");
      await recordOpened(tx, event.guild_id, { channelId: event.channel_id, panelId: event.panel_id, userId: event.user_id, userName: event.user_name, answers: event.answers, at: new Date(event.at) });
      return;
    }
    case "ticket_claimed":
      await recordClaimed(tx, event.guild_id, { channelId: event.channel_id, userId: event.user_id, at: new Date(event.at) });
      return;
    case "ticket_closed":
      await recordClosed(tx, event.guild_id, { channelId: event.channel_id, userId: event.user_id, reason: event.reason, transcript: event.transcript, at: new Date(event.at) });
      return;
    case "ware_bought":
      return { purchase: await buyWare(tx, event.guild_id, { wareId: event.ware_id, userId: event.user_id }) };
    case "custom_bot_token_refused":
      if (!(await blockCustomBot(tx, event.guild_id, `bot-key:${bot.id}`, event.bot_user_id))) throw new Refused("custom_bot_not_set_up", "This guild's custom bot is not this bot.");
      return;
  }
}

const TICKET_REFUSALS: Record<TicketRefusal, string> = {
  unknown_panel: "This guild has no such ticket panel.",
  ticket_exists: "A ticket of this guild already lives in this channel.",
  unknown_ticket: "No ticket of this guild lives in this channel.",
  ticket_closed: "This ticket is closed already.",
};

async function isKnown(db: Db, key: string): Promise<boolean> {
  const [row] = await db.select({ key: botEvents.key }).from(botEvents).where(eq(botEvents.key, key));
  return row !== undefined;
}

async function ingest(db: Db, bot: BotKey, event: BotEvent): Promise<EventResult> {
  const { key } = event;
  // Known keys first: a duplicate is a duplicate even once the bot has left the guild.
  if (await isKnown(db, key)) return { key, status: "duplicate" };
  if (event.type === "custom_bot_token_refused" && !bot.scopes.includes("custom_bot_tokens")) {
    return { key, status: "refused", error: { code: "bot_scope_missing", message: "Only a key with the custom_bot_tokens scope reports on custom bots." } };
  }
  // Asked of the platform (cached) outside the transaction, which holds no lock while it waits. A
  // custom bot may run where Guildhall's own bot is not: its guild is checked by its own row.
  if (event.type !== "custom_bot_token_refused" && !(await isBotInGuild(event.guild_id))) return { key, status: "refused", error: { code: "unknown_guild", message: "The bot is not in this guild." } };
  try {
    const result = await db.transaction(async (tx) => {
      const [taken] = await tx
        .insert(botEvents)
        .values({ key, botKeyId: bot.id, guildId: event.guild_id, type: event.type, payload: event })
        .onConflictDoNothing()
        .returning({ key: botEvents.key });
      if (!taken) return { key, status: "duplicate" as const };
      const applied = await apply(tx, bot, event);
      return { key, status: "applied" as const, ...applied };
    });
    // A ticket shows on the Ticketing page at once (the guild's pages are cached until a change).
    // So does a recording on the Record page.
    if (result.status === "applied" && (event.type.startsWith("ticket_") || event.type === "recording_finished")) expireGuildPages(event.guild_id);
    // So does what a purchase left of a ware's stock on the Economy page.
    if (result.status === "applied" && event.type === "ware_bought" && result.purchase?.stock !== null) expireGuildPages(event.guild_id);
    // A blocked custom bot shows on its page at once.
    if (result.status === "applied" && event.type === "custom_bot_token_refused") {
      expireGuildPages(event.guild_id);
      await notifyBlocked(db, event.guild_id);
    }
    return result;
  } catch (error) {
    if (error instanceof Refused) return { key, status: "refused", error: { code: error.code, message: error.message } };
    if (error instanceof PurchaseRefused) return { key, status: "refused", error: { code: error.code, message: PURCHASE_REFUSALS[error.code] } };
    if (error instanceof TicketReportRefused) return { key, status: "refused", error: { code: error.code, message: TICKET_REFUSALS[error.code] } };
    throw error;
  }
}

/** Applies a batch in its order; one result per event. */
export async function ingestEvents(db: Db, bot: BotKey, events: readonly BotEvent[]): Promise<EventResult[]> {
  const results: EventResult[] = [];
  for (const event of events) results.push(await ingest(db, bot, event));
  return results;
}
