import { z } from "zod";
import { PRESENCE_ACTIVITY_TYPES, PRESENCE_STATUSES } from "@/lib/custom-bot/presence-options";
import { CASE_TYPES } from "@/lib/moderation/case-types";
import { ACTION_TYPES, COMPARISONS, CONDITION_TYPES, MATCH_MODES, TRIGGER_TYPES } from "@/lib/plugins/automations/vocabulary";
import { platformId } from "@/lib/platform/snowflake";
import { recordingKeySchema } from "@/lib/plugins/record/keys";
import { inputDateTime, inputText, inputUuid } from "@/lib/validation/text";

// Everything the bot API takes and answers, as zod: the routes parse their input with these and
// the OpenAPI description (./openapi.ts) is generated from the same schemas, so the two cannot differ.

// ---- shared ----

/**
 * A position in the change feed, opaque to the bot: `<commit>` (after that whole commit) or
 * `<commit>.<change>` (inside it, when a page ended there). "0" is the feed's start.
 */
const cursorSchema = inputText()
  .regex(/^\d{1,15}(\.\d{1,15})?$/, "must be a cursor from this API")
  .meta({ description: "A position in the change feed, from a config snapshot's `version` or a changes page's `cursor` (opaque; \"0\" is the start)." });

export const errorEnvelopeSchema = z
  .strictObject({
    code: inputText(),
    status_code: z.number().int(),
    message: inputText(),
    error: z.strictObject({ message: inputText() }),
    fields: z.array(z.strictObject({ path: inputText(), code: inputText(), params: z.record(inputText(), z.union([inputText(), z.number()])).optional(), message: inputText() })).optional(),
  })
  .meta({ description: "The error envelope of every answer that is not a success." });

const pluginConfigSchema = z.record(inputText(), z.unknown()).meta({ description: "The plugin's config, every field present (defaults filled in)." });

const pluginVersionSchema = z.number().int().meta({ description: "Counts the plugin's writes (0: never saved); one more with each change." });

const pluginStateSchema = z.strictObject({ enabled: z.boolean(), config: pluginConfigSchema, version: pluginVersionSchema });

/** A collection item as every API answers it: its fields beside id, position and version. */
const itemSchema = z.looseObject({ id: inputText(), position: z.number().int(), version: z.number().int() });

/** The server settings the dashboard owns (lib/guilds/guild-settings.ts settingsView). */
const guildSettingsSchema = z.strictObject({
  activePrefix: inputText(),
  application_commands_enabled: z.boolean(),
  application_commands_localized: z.boolean(),
  default_embed_color: z.number().int().nullable(),
  ignored_channel_ids: z.array(inputText()),
  onboarding: z.boolean(),
  locale: inputText().nullable(),
  timezone: inputText().nullable(),
});

// ---- GET /guilds/{guildId}/config ----

const described = <T extends z.ZodType>(schema: T, description: string) => schema.meta({ description });
const nullableId = inputText().nullable();

/** An automation the bot runs on an event (lib/plugins/automations/definition.ts has the rules each field keeps). */
const botAutomationSchema = z.strictObject({
  id: inputText(),
  name: inputText(),
  trigger: z
    .looseObject({
      type: described(z.enum(TRIGGER_TYPES.filter((type) => type !== "schedule") as [string, ...string[]]), "The event: a member joins or leaves, a role is added or removed, a message matches, a reaction is added."),
      role_id: described(nullableId, "role_added / role_removed: only this role; null for any."),
      match_mode: described(z.enum(MATCH_MODES), "message_matches: `contains` (case-insensitive text) or `regex` (an RE2 pattern, case-insensitive)."),
      text: described(inputText(), "message_matches with `contains`: the text."),
      pattern: described(inputText(), "message_matches with `regex`: the pattern (checked to compile on RE2)."),
      channel_id: described(nullableId, "message_matches / reaction_added: only in this channel; null for any."),
      emoji: described(inputText(), "reaction_added: only this emoji (unicode or <:name:id>); empty for any."),
      message_id: described(nullableId, "reaction_added: only on this message; null for any."),
    })
    .meta({ description: "When it runs. Fields another trigger type uses are present with their defaults: read only the ones of `type`." }),
  conditions: z
    .array(
      z.looseObject({
        type: described(z.enum(CONDITION_TYPES), "has_roles: the member has every one of role_ids; lacks_roles: none of them; in_channels: the event's channel is one of channel_ids; account_age: the account is at least `days` old; variable: `{variable}` rendered, compared with `value` rendered by `operator`."),
        role_ids: z.array(inputText()),
        channel_ids: z.array(inputText()),
        days: z.number().int(),
        variable: inputText(),
        operator: described(z.enum(COMPARISONS), "equals and contains ignore case; greater and less compare numbers (a text that is not a number is never greater nor less)."),
        value: inputText(),
      }),
    )
    .meta({ description: "All must hold, checked in order; the first false one skips every action." }),
  actions: z
    .array(
      z.looseObject({
        type: described(z.enum(ACTION_TYPES), "send_message (channel_id, content, embed_title, embed_description), send_dm (content, to the event's member), add_role / remove_role (role_id, on the event's member), wait (seconds), set_variable (`variable` = `value` rendered, usable as {variable} by the actions after it), webhook (POST of JSON {automation, content} to url)."),
      }),
    )
    .meta({ description: "Run in order; texts are message templates with the trigger's variables: the server's always, {user…} for member events, {channel…} and {message.content}/{message.id} for messages, {role…} for role events, {emoji} and {message.id} for reactions." }),
});

export const guildConfigParams = z.strictObject({ guildId: platformId("guild") });

export const guildConfigSchema = z.strictObject({
  guild_id: inputText(),
  version: cursorSchema.meta({ description: "The feed position of this snapshot: GET /changes?after=<version> continues from it with no gap." }),
  settings: guildSettingsSchema,
  automations: z.array(botAutomationSchema).meta({
    description:
      "The automations the bot runs on events, in list order: those of plugins.automations whose plugin and own switch are on, within the server's plan count (the first N of the list), except schedules (the dashboard runs those). The change feed brings their items under plugins.automations; a bot applying changes derives this list again by the same rule. The plugin's config (log channel, ignore bots, exempt roles, runs per minute) applies to every run.",
  }),
  plugins: z
    .record(
      inputText(),
      z.strictObject({
        enabled: z.boolean(),
        config: pluginConfigSchema,
        version: pluginVersionSchema,
        collections: z.record(inputText(), z.array(itemSchema)).meta({ description: "Every item of each of the plugin's collections, in list order." }),
      }),
    )
    .meta({
      description:
        "By id: every plugin that is on, and every plugin holding items while off (its items are needed the day it is turned on). A plugin missing here is off and has no items. The config of a plugin that is off is for information: the change that turns it on carries its whole state.",
    }),
});
export type GuildConfig = z.output<typeof guildConfigSchema>;

// ---- GET /changes ----

export const MAX_WAIT_SECONDS = 30;

export const changesQuery = z.strictObject({
  after: cursorSchema,
  limit: z.coerce.number().int().min(1).max(1000).default(100).meta({ description: "At most this many changes; a commit may be split across pages." }),
  wait: z.coerce
    .number()
    .int()
    .min(0)
    .max(MAX_WAIT_SECONDS)
    .default(0)
    .meta({ description: "Seconds to wait for a change when there is none after the cursor yet (long poll)." }),
});

const changeBase = z.strictObject({
  commit: z.number().int().meta({ description: "The number of the commit that made it: changes of one transaction share it, commits count up in commit order." }),
  guild_id: inputText(),
  at: inputText().meta({ description: "When it was written (ISO 8601)." }),
});

const changeSchema = z.discriminatedUnion("kind", [
  changeBase.extend({ kind: z.literal("plugin"), plugin_id: inputText(), collection: z.null(), item_id: z.null(), value: pluginStateSchema }),
  changeBase.extend({ kind: z.literal(["item_created", "item_updated"]), plugin_id: inputText(), collection: inputText(), item_id: inputText(), value: itemSchema }),
  changeBase.extend({ kind: z.literal("item_deleted"), plugin_id: inputText(), collection: inputText(), item_id: inputText(), value: z.null() }),
  changeBase.extend({ kind: z.literal("guild_settings"), plugin_id: z.null(), collection: z.null(), item_id: z.null(), value: guildSettingsSchema }),
]);
export type Change = z.output<typeof changeSchema>;

export const changesSchema = z.strictObject({
  changes: z.array(changeSchema).meta({ description: "Committed changes after the cursor, in commit order." }),
  cursor: cursorSchema.meta({ description: "Where the next call continues (after=<cursor>): the last change given, or the request's cursor when none was." }),
});

// ---- POST /events ----

export const MAX_EVENTS_PER_BATCH = 100;

const eventBase = z.strictObject({
  key: inputText()
    .min(1)
    .max(128)
    .regex(/^[\x21-\x7e]+$/, "must be printable ASCII without spaces")
    .meta({ description: "The bot's own unique name for this event: an event sent again under the same key has no second effect." }),
  guild_id: platformId("guild"),
  at: inputDateTime().meta({ description: "When it happened on the platform." }),
});

const memberId = platformId("user");
const ticketChannel = platformId("channel").meta({ description: "The ticket's own channel." });

export const MAX_TRANSCRIPT_LINES = 500;

const botEventSchema = z.discriminatedUnion("type", [
  eventBase.extend({ type: z.literal("member_join").meta({ description: "A member joined: counted in the Statistics charts by the hour of `at`." }), user_id: memberId }),
  eventBase.extend({ type: z.literal("member_leave").meta({ description: "A member left (or was removed): counted in the Statistics charts by the hour of `at`." }), user_id: memberId }),
  eventBase.extend({
    type: z.literal("messages_counted").meta({ description: "How many messages members sent in the hour that starts at `at` (whole hours, UTC), outside the channels Statistics excludes; sent again for the same hour, it adds to it." }),
    at: inputDateTime()
      .refine((value) => new Date(value).getTime() % 3_600_000 === 0, "must be the start of an hour")
      .meta({ description: "The start of the hour counted." }),
    messages: z.number().int().min(1).max(10_000_000),
  }),
  eventBase.extend({
    type: z.literal("recording_finished").meta({ description: "A voice recording ended and its audio is stored: it is listed on the Record page, where the server's managers download or delete it." }),
    id: inputUuid().meta({ description: "The recording's own id." }),
    channel_id: platformId("channel").meta({ description: "The voice channel recorded." }),
    started_at: inputDateTime(),
    duration_s: z.number().int().min(1).max(24 * 3600),
    size_bytes: z.number().int().min(1).max(10 * 1024 ** 3),
    participants: z.array(memberId).max(100).meta({ description: "The members heard, in the order they first spoke." }),
    storage_key: recordingKeySchema.meta({ description: "Where the audio is in storage: recordings/<guild_id>/<name>.<mp3|wav|flac|zip> (zip: separate tracks)." }),
  }),
  eventBase.extend({
    type: z.literal("xp_gain"),
    user_id: memberId,
    xp: z.number().int().min(1).max(1_000_000),
    messages: z.number().int().min(0).max(1000).default(1).meta({ description: "Messages the XP was earned with (0 for XP that came otherwise)." }),
    display_name: inputText().min(1).max(100).meta({ description: "The member's nickname or global name now: the leaderboard shows it." }),
    username: inputText().min(1).max(100),
    avatar: inputText()
      .regex(/^(a_)?[0-9a-f]{32}$/, "must be a platform avatar hash")
      .nullable()
      .meta({ description: "The member's avatar hash; null for a default avatar." }),
  }),
  eventBase.extend({
    type: z.literal("giveaway_entry"),
    giveaway_id: inputUuid(),
    user_id: memberId,
    role_ids: z
      .array(platformId("role"))
      .max(250)
      .meta({ description: "The member's roles when entering: the giveaway's required roles are checked and its bonus entries counted with them." }),
  }),
  eventBase.extend({
    type: z.literal("moderation_case"),
    user_id: memberId,
    moderator_id: platformId("user").meta({ description: "Who acted: a member, or the bot itself for an automatic action." }),
    action: z.enum([...CASE_TYPES, "mute"]).meta({ description: "The case's type; mute (a timeout by its older name) is read as timeout." }),
    reason: inputText().max(512).nullable(),
    duration_seconds: z
      .number()
      .int()
      .min(1)
      .max(366 * 86_400)
      .nullable()
      .meta({ description: "How long a mute or timeout lasts; null when it has no end or for other actions." }),
  }),
  eventBase.extend({
    type: z.literal("ticket_opened").meta({ description: "A member opened a ticket with a panel's button: the ticket is numbered in the guild and listed on the Ticketing page as open." }),
    channel_id: ticketChannel,
    panel_id: inputUuid().nullable().meta({ description: "The panel whose button was pressed (the item id in the button's custom_id `ticket:{panel_id}:{button}`); null when the bot cannot tell." }),
    user_id: memberId,
    user_name: inputText().min(1).max(100).nullable().meta({ description: "The member's display name when they opened it." }),
    answers: z
      .array(z.strictObject({ label: inputText().min(1).max(45), value: inputText().max(4000) }))
      .max(5)
      .default([])
      .meta({ description: "Their answers to the panel's form, in its order." }),
  }),
  eventBase.extend({
    type: z.literal("ticket_claimed").meta({ description: "A member of the support roles took the ticket on." }),
    channel_id: ticketChannel,
    user_id: memberId.meta({ description: "Who claimed it." }),
  }),
  eventBase.extend({
    type: z.literal("ticket_closed").meta({ description: "The ticket was closed, with its transcript: the dashboard keeps it and shows it to the server's managers." }),
    channel_id: ticketChannel,
    user_id: memberId.meta({ description: "Who closed it." }),
    reason: inputText().max(512).nullable().default(null),
    transcript: z
      .array(
        z.strictObject({
          id: platformId("message"),
          author_id: platformId("user"),
          author_name: inputText().min(1).max(100),
          content: inputText().max(4000),
          at: inputDateTime(),
          attachments: z.array(inputText().max(2048)).max(10).default([]).meta({ description: "Links to the message's attachments." }),
        }),
      )
      .max(MAX_TRANSCRIPT_LINES)
      .meta({ description: `The ticket channel's messages, oldest first (at most ${MAX_TRANSCRIPT_LINES}: the latest ones).` }),
  }),
  eventBase.extend({
    type: z
      .literal("ware_bought")
      .meta({
        description:
          "A member bought a ware of the Economy shop: applied only while the ware is in stock, within its per-member limit and with coins enough; the price is debited and one taken from the stock at once. The result's `purchase` says which role to give (none: give nothing). Refused (nothing changed) as out_of_stock, member_limit_reached, insufficient_coins, unknown_ware or plugin_disabled.",
      }),
    ware_id: inputUuid().meta({ description: "The ware (its item id in the economy plugin's `wares` collection)." }),
    user_id: memberId.meta({ description: "Who bought it." }),
  }),
  eventBase.extend({
    type: z.literal("custom_bot_token_refused").meta({ description: "The platform refused the guild's custom bot token (401 at login or on a call): the bot is blocked until its owner sets a new token. Only from a key with the custom_bot_tokens scope." }),
    bot_user_id: platformId("user").meta({ description: "The custom bot whose token was refused (GET /guilds/{guildId}/custom-bot's bot_user_id)." }),
  }),
]);
export type BotEvent = z.output<typeof botEventSchema>;

export const eventsBody = z.strictObject({ events: z.array(botEventSchema).min(1).max(MAX_EVENTS_PER_BATCH) });

const eventResultSchema = z.strictObject({
  key: inputText(),
  status: z.enum(["applied", "duplicate", "refused"]).meta({ description: "applied now; duplicate: a key already applied, nothing changed; refused: nothing changed (see error), the key stays unused." }),
  error: z.strictObject({ code: inputText(), message: inputText() }).optional(),
  purchase: z
    .strictObject({
      ware_id: inputText(),
      price: z.number().int(),
      coins: z.number().int().meta({ description: "The member's balance after the purchase." }),
      stock: z.number().int().nullable().meta({ description: "Left to sell after it; null for unlimited." }),
      role_id: inputText().nullable().meta({ description: "The role to give the member now; null: the ware gives none." }),
    })
    .optional()
    .meta({ description: "An applied ware_bought: what was debited and which role to give. A duplicate has none (its first answer had it)." }),
});
export type EventResult = z.output<typeof eventResultSchema>;

export const eventsSchema = z.strictObject({ results: z.array(eventResultSchema).meta({ description: "One per event, in the order sent." }) });

// ---- GET /guilds/{guildId}/custom-bot ----

export const customBotParams = z.strictObject({ guildId: platformId("guild") });

export const customBotSchema = z.strictObject({
  guild_id: inputText(),
  bot_user_id: inputText().meta({ description: "The custom bot's user (its application's id)." }),
  application_id: inputText(),
  name: inputText(),
  avatar: inputText().nullable(),
  status: z.enum(["active", "disabled", "blocked"]).meta({ description: "active: run it; disabled (by its owner, or its subscription ended) or blocked (the platform refused its token): do not." }),
  included: z.boolean().meta({ description: "The guild's subscriptions include the custom bot now." }),
  presence: z.strictObject({
    presence_status: z.enum(PRESENCE_STATUSES),
    presence_activity_type: z.enum(PRESENCE_ACTIVITY_TYPES),
    presence_activity_name: inputText(),
    presence_activity_url: inputText().nullable(),
  }),
  backstory: z.strictObject({ enable: z.boolean(), allowed_channels: z.array(inputText()).meta({ description: "Text channels it chats in with its backstory; empty: all." }) }),
  token: inputText()
    .nullable()
    .meta({ description: "The bot token, while the bot is active and included; null otherwise. Every answer with a token is recorded in the guild's audit log with the key that read it. Keep it in memory only." }),
});
export type BotCustomBot = z.output<typeof customBotSchema>;
