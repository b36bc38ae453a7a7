import { sql } from "drizzle-orm";
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/** Users who signed in at least once. Platform tokens never land here: they live in the sealed cookie. */
export const users = pgTable("users", {
  id: text("id").primaryKey(),
  username: text("username").notNull(),
  globalName: text("global_name"),
  discriminator: text("discriminator").notNull().default("0"),
  avatar: text("avatar"),
  email: text("email"),
  locale: text("locale"),
  flags: bigint("flags", { mode: "number" }).notNull().default(0),
  /** Our own identifier for product analytics, never the platform id. */
  analyticsId: text("analytics_id").notNull(),
  customerId: text("customer_id"),
  firstLoginAt: timestamp("first_login_at", { withTimezone: true }).notNull().defaultNow(),
  lastLoginAt: timestamp("last_login_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Per-guild settings owned by the dashboard (the platform owns name, icon, channels, roles). */
export const guildSettings = pgTable("guild_settings", {
  guildId: text("guild_id").primaryKey(),
  prefix: text("prefix").notNull().default("!"),
  locale: text("locale"),
  applicationCommandsEnabled: boolean("application_commands_enabled").notNull().default(true),
  applicationCommandsLocalized: boolean("application_commands_localized").notNull().default(true),
  defaultEmbedColor: integer("default_embed_color"),
  /** IANA name the dashboard shows times in by default; null when the guild never chose one. */
  timezone: text("timezone"),
  ignoredChannelIds: jsonb("ignored_channel_ids").$type<string[]>().notNull().default([]),
  /** Paid features active on the guild (spec 1: premium, premium-gift, premium-discord…). */
  buffs: jsonb("buffs").$type<string[]>().notNull().default([]),
  onboarding: boolean("onboarding").notNull().default(false),
  guildLockedDown: boolean("guild_locked_down").notNull().default(false),
  botAddedAt: timestamp("bot_added_at", { withTimezone: true }),
  botAddedBy: text("bot_added_by"),
  version: integer("version").notNull().default(1),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  updatedBy: text("updated_by"),
});

/**
 * OAuth `state` values waiting for their callback. Kept in the database, not only
 * in the pre-login cookie, so each one is single-use across every instance.
 */
export const loginStates = pgTable(
  "login_states",
  {
    state: text("state").primaryKey(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("login_states_created_at_idx").on(table.createdAt)],
);

/**
 * Signed-in sessions. The sealed cookie names its row, so a session ends for every
 * copy of the cookie when the row is revoked, idle or past `expires_at`
 * (lib/session/read.ts). The id alone is no credential: only a cookie sealed with
 * SESSION_SECRET can present it.
 */
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Advanced at most every few minutes, not on every request. */
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    /** Absolute end, whatever the activity. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    /** The browser's User-Agent, shortened: lets a later "your sessions" list tell devices apart. */
    userAgent: text("user_agent"),
  },
  (table) => [
    index("sessions_user_idx").on(table.userId, table.lastSeenAt),
    index("sessions_expires_at_idx").on(table.expiresAt),
    index("sessions_last_seen_at_idx").on(table.lastSeenAt),
  ],
);

/** One row per guild and plugin once it was saved; absent rows mean the plugin's defaults. */
export const guildPlugins = pgTable(
  "guild_plugins",
  {
    guildId: text("guild_id").notNull(),
    pluginId: text("plugin_id").notNull(),
    enabled: boolean("enabled").notNull().default(false),
    config: jsonb("config").$type<Record<string, unknown>>().notNull().default({}),
    /** Bumped on every write; the ETag clients send back in If-Match. */
    version: integer("version").notNull().default(1),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    updatedBy: text("updated_by"),
  },
  (table) => [primaryKey({ columns: [table.guildId, table.pluginId] })],
);

/** Items of plugin collections (custom commands, subscriptions, timers…). */
export const pluginItems = pgTable(
  "plugin_items",
  {
    id: text("id").primaryKey(),
    guildId: text("guild_id").notNull(),
    pluginId: text("plugin_id").notNull(),
    collection: text("collection").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    position: integer("position").notNull(),
    version: integer("version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    updatedBy: text("updated_by"),
  },
  (table) => [index("plugin_items_list_idx").on(table.guildId, table.pluginId, table.collection, table.position)],
);

/** Who changed what and when, with the values before and after (the audit log and its Revert). */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    guildId: text("guild_id").notNull(),
    userId: text("user_id").notNull(),
    action: text("action").notNull(),
    target: text("target").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * The plugin the change belongs to, read from its target (lib/audit/record.ts lists them;
     * plugins' own counters, giveaways' draws and the music queue name theirs), null for server
     * settings and billing. Computed by the database, for old rows as for new ones, so the log
     * filters by plugin through an index and no writer can forget it.
     */
    pluginId: text("plugin_id").generatedAlwaysAs(
      sql`CASE WHEN target ~ '^(plugin|item|account-link):' THEN split_part(target, ':', 2) WHEN target ~ '^economy-balance' THEN 'economy' WHEN target ~ '^levels-xp' THEN 'levels' WHEN target ~ '^giveaway:' THEN 'giveaways' WHEN target ~ '^music:' THEN 'music' WHEN target ~ '^moderation' THEN 'moderator' END`,
    ),
  },
  // The log is read newest first, by guild alone or filtered by plugin, by who made the change, or by a range of dates.
  (table) => [
    index("audit_events_guild_idx").on(table.guildId, table.id),
    index("audit_events_guild_plugin_idx").on(table.guildId, table.pluginId, table.id),
    index("audit_events_guild_user_idx").on(table.guildId, table.userId, table.id),
    index("audit_events_guild_at_idx").on(table.guildId, table.at),
  ],
);

/** A user's own preferences about a guild (pinning, notifications), not the guild's settings. */
export const userGuildSettings = pgTable(
  "user_guild_settings",
  {
    userId: text("user_id").notNull(),
    guildId: text("guild_id").notNull(),
    settings: jsonb("settings").$type<Record<string, unknown>>().notNull().default({}),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.guildId] })],
);

/** Economy plugin balances: coins a member holds in a guild. */
export const economyBalances = pgTable(
  "economy_balances",
  {
    guildId: text("guild_id").notNull(),
    userId: text("user_id").notNull(),
    coins: bigint("coins", { mode: "number" }).notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // The richest-members list reads the top of this index instead of sorting the guild's rows.
  (table) => [primaryKey({ columns: [table.guildId, table.userId] }), index("economy_balances_richest_idx").on(table.guildId, table.coins.desc(), table.userId)],
);

/**
 * Each member's XP in a guild (the Levels plugin). The bot adds XP as members speak and keeps
 * their name and avatar as of their last message, so the public leaderboard never asks the
 * platform about 100,000 members. Rank is the order of (xp desc, user_id): the rank index
 * serves a leaderboard page and a member's rank without a scan; the name index serves
 * "starts with" search.
 */
export const memberLevels = pgTable(
  "member_levels",
  {
    guildId: text("guild_id").notNull(),
    userId: text("user_id").notNull(),
    xp: bigint("xp", { mode: "number" }).notNull().default(0),
    messages: integer("messages").notNull().default(0),
    /** Nickname or global name, as the platform showed it when the bot last saw the member. */
    displayName: text("display_name").notNull(),
    username: text("username").notNull(),
    /** The platform's avatar hash; null for a default avatar. */
    avatar: text("avatar"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.guildId, table.userId] }),
    index("member_levels_rank_idx").on(table.guildId, table.xp.desc().nullsFirst(), table.userId),
    // Search (lib/levels/standings.ts) on the name folded by search_fold() (lower-case, accents off; migration 0012):
    // anywhere in it through trigrams, or at its start for queries too short to have a trigram.
    index("member_levels_name_trgm_idx").using("gin", table.guildId, sql`search_fold(${table.displayName}) gin_trgm_ops`),
    index("member_levels_name_prefix_idx").using("btree", table.guildId, sql`search_fold(${table.displayName}) text_pattern_ops`),
  ],
);

/**
 * Images uploaded for a guild (POST /api/guilds/{id}/images). The bytes live in
 * lib/storage under `key` (sha256 of the re-encoded bytes + extension), so rows
 * of several guilds may share one stored object.
 */
export const uploads = pgTable(
  "uploads",
  {
    id: text("id").primaryKey(),
    guildId: text("guild_id").notNull(),
    userId: text("user_id").notNull(),
    pluginId: text("plugin_id"),
    key: text("key").notNull(),
    contentType: text("content_type").notNull(),
    bytes: integer("bytes").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("uploads_guild_idx").on(table.guildId, table.createdAt), index("uploads_key_idx").on(table.key)],
);

// ---- Giveaways (lib/plugins/giveaways) ----
// A giveaway is an item of the giveaways collection; these rows hold what happens to it once
// started. Each row follows its item: deleting the giveaway deletes its run, entries and winners.

/** A started giveaway: the message posted for it and what it was started with (the draw uses these, not later edits). */
export const giveawayRuns = pgTable(
  "giveaway_runs",
  {
    giveawayId: text("giveaway_id")
      .primaryKey()
      .references(() => pluginItems.id, { onDelete: "cascade" }),
    guildId: text("guild_id").notNull(),
    /** running, ended or cancelled; a giveaway without a run is scheduled. */
    status: text("status").notNull(),
    channelId: text("channel_id").notNull(),
    /** Null for a giveaway cancelled before it started. */
    messageId: text("message_id"),
    prize: text("prize").notNull(),
    winnerCount: integer("winner_count").notNull(),
    requiredRoleIds: jsonb("required_role_ids").$type<string[]>().notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (table) => [index("giveaway_runs_guild_idx").on(table.guildId, table.status)],
);

/** Who entered, and with how many entries (1 plus the bonus of the roles they held when entering). Filled by the bot. */
export const giveawayEntries = pgTable(
  "giveaway_entries",
  {
    guildId: text("guild_id").notNull(),
    giveawayId: text("giveaway_id")
      .notNull()
      .references(() => pluginItems.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull(),
    entries: integer("entries").notNull(),
    enteredAt: timestamp("entered_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.giveawayId, table.userId] }), index("giveaway_entries_guild_idx").on(table.guildId, table.giveawayId)],
);

/** Winners by draw round (1 for the end, 2… for rerolls); a member wins a giveaway at most once. */
export const giveawayWinners = pgTable(
  "giveaway_winners",
  {
    guildId: text("guild_id").notNull(),
    giveawayId: text("giveaway_id")
      .notNull()
      .references(() => pluginItems.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull(),
    round: integer("round").notNull(),
    drawnAt: timestamp("drawn_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.giveawayId, table.userId] }), index("giveaway_winners_guild_idx").on(table.guildId, table.giveawayId)],
);

// ---- Fun plugins: birthdays ----

/**
 * A member's birthday in a guild (the Birthdays plugin; the bot fills it when a member shares it).
 * The year is optional (age shown only when given); the time zone is the member's own, null for
 * the guild's. The calendar index serves "upcoming" as one range read of (month, day).
 */
export const memberBirthdays = pgTable(
  "member_birthdays",
  {
    guildId: text("guild_id").notNull(),
    userId: text("user_id").notNull(),
    month: integer("month").notNull(),
    day: integer("day").notNull(),
    year: integer("year"),
    timeZone: text("time_zone"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.guildId, table.userId] }), index("member_birthdays_calendar_idx").on(table.guildId, table.month, table.day, table.userId)],
);

// ---- Music player (lib/music) -------------------------------------------------------------
// The player of each guild lives here, not in the bot: every dashboard reads the same queue,
// and commands for the bot leave through music_commands (an outbox written in the transaction
// of the change it carries), so the state and what the bot is told can never disagree.

/** One row per guild that used the player; the row every command locks (FOR UPDATE) first. */
export const musicPlayers = pgTable("music_players", {
  guildId: text("guild_id").primaryKey(),
  voiceChannelId: text("voice_channel_id"),
  /** playing | paused | stopped; stopped exactly when nothing is cued (current_track_id null). */
  status: text("status").$type<"playing" | "paused" | "stopped">().notNull().default("stopped"),
  currentTrackId: text("current_track_id"),
  /** Progress of the current track at started_at (playing) or where it was paused. */
  positionMs: integer("position_ms").notNull().default(0),
  /** When playing: the instant position_ms was reached. Progress is computed from it, never ticked. */
  startedAt: timestamp("started_at", { withTimezone: true }),
  /** Bumped by every change; live updates carry it so a browser never goes back to an older state. */
  version: integer("version").notNull().default(0),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The queue of a guild, played and coming tracks alike, in `position` order (0, 1, 2… without gaps). */
export const musicTracks = pgTable(
  "music_tracks",
  {
    id: text("id").primaryKey(),
    guildId: text("guild_id").notNull(),
    position: integer("position").notNull(),
    title: text("title").notNull(),
    artist: text("artist").notNull(),
    url: text("url").notNull(),
    /** Null when the track's host does not tell its length. */
    durationMs: integer("duration_ms"),
    thumbnail: text("thumbnail"),
    addedBy: text("added_by").notNull(),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("music_tracks_queue_idx").on(table.guildId, table.position)],
);

/** Outbox of commands for the bot (play, pause, join…), read by it in id order. */
export const musicCommands = pgTable(
  "music_commands",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    guildId: text("guild_id").notNull(),
    command: text("command").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    issuedBy: text("issued_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("music_commands_guild_idx").on(table.guildId, table.id)],
);

// ---- Bot contract (lib/bot-contract, /api/bot/v1) ----
// The gateway bot reads every guild's configuration and follows its changes through the bot API,
// and reports what happens on the platform (events). It proves itself with a bot key.

/**
 * Keys the bot presents (`Authorization: Bot ghbot_<id>_<secret>`). Only the SHA-256 of the whole key
 * is kept; an operator creates and revokes them (`npm run bot-key`), never a guild owner.
 */
export const botKeys = pgTable("bot_keys", {
  /** The public part of the key, named in it: the operator revokes by it and sees it in the list. */
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  /** Hex SHA-256 of the whole key. */
  hash: text("hash").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  revokedAt: timestamp("revoked_at", { withTimezone: true }),
  /** Advanced at most once a minute, not on every request. */
  lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  /** What the key may read beyond the configuration: `custom_bot_tokens` (lib/bot-contract/scopes.ts). */
  scopes: jsonb("scopes").$type<string[]>().notNull().default([]),
});

/**
 * A guild's custom bot (lib/custom-bot/): the owner's own application, run by our gateway bot with
 * its token, under the server's name and avatar. One per guild; disabled, never deleted, when the
 * subscription that includes it ends. The token is stored only encrypted (AES-256-GCM, the guild id
 * as associated data), with the id of the key that encrypted it so keys can be rotated.
 */
export const customBots = pgTable("custom_bots", {
  guildId: text("guild_id").primaryKey(),
  /** The bot user (the token's own id) and its application, as the platform answered. */
  botUserId: text("bot_user_id").notNull(),
  applicationId: text("application_id").notNull(),
  name: text("name").notNull(),
  /** The bot user's avatar hash; null for a default avatar. */
  avatar: text("avatar"),
  presenceStatus: text("presence_status").notNull().default("online"),
  presenceActivityType: text("presence_activity_type").notNull().default("playing"),
  presenceActivityName: text("presence_activity_name").notNull().default(""),
  presenceActivityUrl: text("presence_activity_url"),
  backstoryEnabled: boolean("backstory_enabled").notNull().default(false),
  backstoryChannelIds: jsonb("backstory_channel_ids").$type<string[]>().notNull().default([]),
  /** active, disabled or blocked (the platform refused the token). */
  status: text("status").notNull(),
  /** Why it is not active: owner, subscription_ended, token_refused; null while active. */
  statusReason: text("status_reason"),
  statusChangedAt: timestamp("status_changed_at", { withTimezone: true }).notNull().defaultNow(),
  /** The owner saw the block (acknowledge-custom-bot-block): the banner is gone, the bot stays off until a new token. */
  blockAcknowledgedAt: timestamp("block_acknowledged_at", { withTimezone: true }),
  /** The last call with the token that failed: its code (lib/custom-bot/errors.ts) and when. */
  lastError: text("last_error"),
  lastErrorAt: timestamp("last_error_at", { withTimezone: true }),
  tokenCiphertext: text("token_ciphertext").notNull(),
  tokenIv: text("token_iv").notNull(),
  tokenTag: text("token_tag").notNull(),
  tokenKeyId: text("token_key_id").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  updatedBy: text("updated_by"),
});

/**
 * The one row numbering committed configuration changes. A transaction that wrote rows of
 * config_changes takes the next number as its very last step, at COMMIT (a deferred trigger,
 * migration 0017), and keeps the row locked until its commit is visible: numbers follow commit
 * order, and a transaction that rolls back gives its number back, so they have no gap.
 */
export const configChangeCounter = pgTable("config_change_counter", {
  id: integer("id").primaryKey(),
  value: bigint("value", { mode: "number" }).notNull(),
});

/**
 * Every committed change of a guild's configuration (plugin state, collection items, server
 * settings), in commit order: (commit_number, id). Written by the change's own transaction
 * (lib/bot-contract/record-change.ts); commit_number is null only until that transaction commits.
 */
export const configChanges = pgTable(
  "config_changes",
  {
    /** Order within the commit (a sequence: increasing within one transaction). */
    id: bigserial("id", { mode: "number" }).primaryKey(),
    commitNumber: bigint("commit_number", { mode: "number" }),
    guildId: text("guild_id").notNull(),
    /** plugin, item_created, item_updated, item_deleted or guild_settings. */
    kind: text("kind").notNull(),
    pluginId: text("plugin_id"),
    collection: text("collection"),
    itemId: text("item_id"),
    /** The new value (plugin state, item, settings); null for a deleted item. */
    value: jsonb("value"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("config_changes_commit_idx").on(table.commitNumber, table.id), index("config_changes_unnumbered_idx").on(table.id).where(sql`${table.commitNumber} IS NULL`)],
);

/** Events the bot reported (POST /api/bot/v1/events), once per key the bot gave each: a key sent again changes nothing. */
export const botEvents = pgTable(
  "bot_events",
  {
    key: text("key").primaryKey(),
    /** The bot key that reported it: who wrote what the event changed. */
    botKeyId: text("bot_key_id").notNull(),
    guildId: text("guild_id").notNull(),
    /** The event's type (lib/bot-contract/schemas.ts): member_join, xp_gain, ticket_closed… */
    type: text("type").notNull(),
    /** The event as the bot sent it (after validation). */
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("bot_events_guild_idx").on(table.guildId, table.type, table.receivedAt)],
);

// ---- Billing (lib/billing) ----
// A guild's paid plans come from its subscriptions (card and hosted-page providers) and its crypto
// payments; the guild's `buffs` are recomputed from them on every change (lib/billing/subscriptions.ts).

/** A subscription as the provider last described it (webhooks and our own calls re-read it there). */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: text("id").primaryKey(),
    /** stripe, chargebee, paypal or crypto. */
    provider: text("provider").notNull(),
    /** The provider's id for it (a crypto plan's: `{chainId}:{txHash}`). */
    externalId: text("external_id").notNull(),
    customerId: text("customer_id"),
    guildId: text("guild_id").notNull(),
    /** Who bought it: may manage it and transfer it between the guilds they manage. */
    userId: text("user_id").notNull(),
    /** A plan of lib/billing/plans.ts (premium, pro, web3, bundle). */
    plan: text("plan").notNull(),
    periodMonths: integer("period_months").notNull(),
    /** active, in_trial, non_renewing, past_due, paused or cancelled (lib/billing/provider-contract.ts). */
    status: text("status").notNull(),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }).notNull(),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    /** `{ brand, last4 }` of the card on file, when the provider says. */
    paymentMethod: jsonb("payment_method").$type<{ brand: string; last4: string } | null>(),
    withCustomBot: boolean("with_custom_bot").notNull().default(false),
    /** When an owner took the free month (a retention offer, once per subscription: lib/billing/free-month.ts). */
    freeMonthGrantedAt: timestamp("free_month_granted_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("subscriptions_provider_external_idx").on(table.provider, table.externalId), index("subscriptions_guild_idx").on(table.guildId), index("subscriptions_user_idx").on(table.userId)],
);

/** Money received, once per provider payment (invoice, checkout, transaction). */
export const payments = pgTable(
  "payments",
  {
    id: text("id").primaryKey(),
    provider: text("provider").notNull(),
    externalId: text("external_id").notNull(),
    subscriptionId: text("subscription_id"),
    guildId: text("guild_id"),
    userId: text("user_id").notNull(),
    /** What was bought: a plan, or `rank_card`. */
    product: text("product").notNull(),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    status: text("status").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("payments_provider_external_idx").on(table.provider, table.externalId), index("payments_user_idx").on(table.userId)],
);

/** Every provider event applied, so a replayed or re-sent one is applied once. */
export const webhookEvents = pgTable(
  "webhook_events",
  {
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.eventId] })],
);

/** On-chain payments credited, once per transaction (chain id and hash). */
export const cryptoPayments = pgTable(
  "crypto_payments",
  {
    chainId: integer("chain_id").notNull(),
    txHash: text("tx_hash").notNull(),
    guildId: text("guild_id").notNull(),
    userId: text("user_id").notNull(),
    plan: text("plan").notNull(),
    periodMonths: integer("period_months").notNull(),
    /** Null for the chain's native coin. */
    tokenAddress: text("token_address"),
    /** In the token's smallest unit, as a decimal string (it outgrows a JavaScript number). */
    amount: text("amount").notNull(),
    usdCents: integer("usd_cents").notNull(),
    fromAddress: text("from_address").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.chainId, table.txHash] }), index("crypto_payments_guild_idx").on(table.guildId)],
);

/**
 * A crypto checkout: what one buyer was asked to pay, from which wallet, for which guild and
 * plan. Its amount is the plan's price plus a few smallest units no other checkout of that
 * wallet was ever given, so a payment (sender and exact amount, read from the chain) belongs to
 * one checkout only: another user cannot claim it by its public hash (lib/billing/crypto/checkout.ts).
 */
export const cryptoCheckouts = pgTable(
  "crypto_checkouts",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").notNull(),
    guildId: text("guild_id").notNull(),
    plan: text("plan").notNull(),
    periodMonths: integer("period_months").notNull(),
    chainId: integer("chain_id").notNull(),
    /** The token's address (lowercase), or `native` for the chain's coin. */
    asset: text("asset").notNull(),
    recipient: text("recipient").notNull(),
    /** The wallet the buyer declared they pay from (lowercase). */
    payer: text("payer").notNull(),
    /** In the asset's smallest unit, as a decimal string. */
    amount: text("amount").notNull(),
    usdCents: integer("usd_cents").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** The transaction credited to it, once paid. */
    txHash: text("tx_hash"),
  },
  (table) => [uniqueIndex("crypto_checkouts_payer_amount_idx").on(table.chainId, table.asset, table.payer, table.amount), index("crypto_checkouts_user_idx").on(table.userId)],
);

/** One-off purchases of a user (the custom rank card). */
export const userPurchases = pgTable(
  "user_purchases",
  {
    userId: text("user_id").notNull(),
    product: text("product").notNull(),
    paymentId: text("payment_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.product] })],
);

/**
 * A pending account link (lib/account-links/): the OAuth `state` sent to Twitch, X or TikTok,
 * bound to the user, the guild and the provider, with the PKCE verifier that never leaves the
 * server. Single-use; rows older than 10 minutes are refused and swept.
 */
export const accountLinkStates = pgTable(
  "account_link_states",
  {
    state: text("state").primaryKey(),
    userId: text("user_id").notNull(),
    guildId: text("guild_id").notNull(),
    provider: text("provider").notNull(),
    codeVerifier: text("code_verifier").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("account_link_states_created_at_idx").on(table.createdAt)],
);

/**
 * The provider account a guild linked (one per provider). Only who it is: no tokens are kept,
 * since nothing later acts on the provider as that account.
 */
export const accountLinks = pgTable(
  "account_links",
  {
    guildId: text("guild_id").notNull(),
    provider: text("provider").notNull(),
    accountId: text("account_id").notNull(),
    name: text("name").notNull(),
    displayName: text("display_name").notNull(),
    avatarUrl: text("avatar_url"),
    linkedBy: text("linked_by").notNull(),
    linkedAt: timestamp("linked_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.guildId, table.provider] })],
);

/**
 * Every post the job worker makes (a social alert's new item, a timer's run, a birthday),
 * by a key naming what it posts for ("twitch:{item}:{stream}", "timers:{item}:{slot}"). The
 * row is written, with its nonce, before the platform is asked: a worker that dies between
 * posting and recording it posts again with the same nonce, which the platform answers with
 * the first message instead of a second one, so each key is posted once. `skipped`: an item
 * that was already there when a subscription was first checked, never posted.
 */
export const deliveries = pgTable(
  "deliveries",
  {
    key: text("key").primaryKey(),
    guildId: text("guild_id").notNull(),
    pluginId: text("plugin_id").notNull(),
    /** The plugin item it posts for; "" for what belongs to the plugin as a whole (birthdays). */
    itemId: text("item_id").notNull(),
    /** claimed, posted, skipped or failed. */
    status: text("status").notNull(),
    nonce: text("nonce").notNull(),
    channelId: text("channel_id"),
    /** The message as it is posted (rendered when the item was claimed); null for a skipped item. */
    body: jsonb("body").$type<Record<string, unknown>>(),
    messageId: text("message_id"),
    claimedAt: timestamp("claimed_at", { withTimezone: true }).notNull().defaultNow(),
    postedAt: timestamp("posted_at", { withTimezone: true }),
  },
  (table) => [index("deliveries_item_idx").on(table.guildId, table.pluginId, table.itemId, table.claimedAt)],
);

/**
 * The delivery log a plugin page shows for each item that runs by itself (a subscription, a
 * timer, a giveaway's end, birthdays): when it was last checked and posted, when it runs next,
 * and why it did not post (an issue code the page words in the reader's language).
 */
export const runStatus = pgTable(
  "run_status",
  {
    guildId: text("guild_id").notNull(),
    pluginId: text("plugin_id").notNull(),
    itemId: text("item_id").notNull(),
    lastCheckedAt: timestamp("last_checked_at", { withTimezone: true }),
    lastPostedAt: timestamp("last_posted_at", { withTimezone: true }),
    lastChannelId: text("last_channel_id"),
    lastMessageId: text("last_message_id"),
    nextRunAt: timestamp("next_run_at", { withTimezone: true }),
    /** Why the last run did not post, as an issue code and its values; null after a run that did. */
    errorCode: text("error_code"),
    errorValues: jsonb("error_values").$type<Record<string, string | number>>(),
    errorAt: timestamp("error_at", { withTimezone: true }),
    /** Set when retrying cannot help (channel deleted, permission lost, source gone): runs stop until the item is saved again. */
    pausedAt: timestamp("paused_at", { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.guildId, table.pluginId, table.itemId] })],
);

/** What the alert checker remembers of each polled source: the provider's conditional-GET state and when to look again. */
export const sourcePolls = pgTable(
  "source_polls",
  {
    provider: text("provider").notNull(),
    sourceId: text("source_id").notNull(),
    state: jsonb("state").$type<Record<string, string | number | null>>(),
    checkedAt: timestamp("checked_at", { withTimezone: true }),
    /** Set when the provider says the source no longer exists. */
    goneReason: text("gone_reason"),
  },
  (table) => [primaryKey({ columns: [table.provider, table.sourceId] })],
);

/** A provider the checker backs off from after failures (5xx, 429): no calls before `until`. */
export const providerBackoffs = pgTable("provider_backoffs", {
  provider: text("provider").primaryKey(),
  failures: integer("failures").notNull().default(0),
  until: timestamp("until", { withTimezone: true }).notNull(),
  lastError: text("last_error"),
});

/**
 * Moderation cases (issue 21): one per act (warn, timeout, kick, ban…), made from the
 * dashboard, reported by the bot, or seen in the platform's audit log. Numbered per guild in
 * the order they were recorded (moderation_case_counters), read newest first by number with
 * keyset pagination, each filter through its own index. Edits bump `version`; deleting only
 * sets `deleted_at`.
 */
export const moderationCases = pgTable(
  "moderation_cases",
  {
    id: text("id").primaryKey(),
    guildId: text("guild_id").notNull(),
    number: integer("number").notNull(),
    /** warn, timeout, timeout_removed, kick, ban, unban, softban or note. */
    type: text("type").notNull(),
    targetId: text("target_id").notNull(),
    /** The member's name when the case was made: they may leave or be banned since. */
    targetName: text("target_name"),
    /** user (a dashboard user), bot, or platform (someone acting in the platform's own client). */
    moderatorKind: text("moderator_kind").notNull(),
    moderatorId: text("moderator_id"),
    moderatorName: text("moderator_name"),
    reason: text("reason").notNull().default(""),
    durationSeconds: integer("duration_seconds"),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    pardonedBy: text("pardoned_by"),
    pardonedAt: timestamp("pardoned_at", { withTimezone: true }),
    /** The case this one follows (an unban's ban, an escalation's warning). */
    relatedCaseNumber: integer("related_case_number"),
    /** dashboard, bot, platform or automod. */
    source: text("source").notNull(),
    /** The same act sent twice (a retried request, an audit log entry seen again) makes one case. */
    idempotencyKey: text("idempotency_key"),
    version: integer("version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("moderation_cases_number_idx").on(table.guildId, table.number),
    uniqueIndex("moderation_cases_idempotency_idx").on(table.guildId, table.idempotencyKey),
    index("moderation_cases_target_idx").on(table.guildId, table.targetId, table.number),
    index("moderation_cases_moderator_idx").on(table.guildId, table.moderatorId, table.number),
    index("moderation_cases_type_idx").on(table.guildId, table.type, table.number),
    index("moderation_cases_created_idx").on(table.guildId, table.createdAt, table.number),
  ],
);

/** The last case number each guild gave: taken with a row lock, so numbers never repeat or skip. */
export const moderationCaseCounters = pgTable("moderation_case_counters", {
  guildId: text("guild_id").primaryKey(),
  lastNumber: integer("last_number").notNull().default(0),
});

/**
 * A lockdown of the moderator plugin, channel by channel: the @everyone overwrite each locked
 * channel had before (null: it had none), saved before the lock is sent, so unlocking puts back
 * exactly that. A row lives from the lock until its channel is restored; `status` failed keeps
 * a channel the platform refused (retried by the next lock or unlock).
 */
export const lockdownChannels = pgTable(
  "lockdown_channels",
  {
    guildId: text("guild_id").notNull(),
    channelId: text("channel_id").notNull(),
    hadOverwrite: boolean("had_overwrite").notNull(),
    savedAllow: text("saved_allow").notNull().default("0"),
    savedDeny: text("saved_deny").notNull().default("0"),
    /** locked, lock_failed (the lock was refused), unlock_failed (the restore was refused). */
    status: text("status").notNull(),
    errorCode: text("error_code"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.guildId, table.channelId] })],
);

// ---- Notifications (lib/notifications) ----

/**
 * What the notification centre lists for a user: one row per recipient, a sentence the reader's
 * language draws from `kind` and `params` (never stored text), and the guild it is about. `seen_at`:
 * the list was opened since it arrived (the bell's count goes); `read_at`: it was clicked or
 * "mark all read". Read newest first by id (keyset pages).
 */
export const notifications = pgTable(
  "notifications",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: text("user_id").notNull(),
    kind: text("kind").notNull(),
    guildId: text("guild_id"),
    params: jsonb("params").$type<Record<string, string | number>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp("read_at", { withTimezone: true }),
    seenAt: timestamp("seen_at", { withTimezone: true }),
  },
  (table) => [index("notifications_user_idx").on(table.userId, table.id), index("notifications_user_unseen_idx").on(table.userId).where(sql`seen_at is null`)],
);

/**
 * Who we know manages a guild: users the authoritative check (lib/guilds/access.ts) let in,
 * with when it last did. A guild's notifications go to these, each checked again through the
 * bot's view when one is sent (lib/notifications/recipients.ts); a refused check removes the row.
 */
export const guildManagers = pgTable(
  "guild_managers",
  {
    guildId: text("guild_id").notNull(),
    userId: text("user_id").notNull(),
    verifiedAt: timestamp("verified_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.guildId, table.userId] })],
);

// ---- Tickets (lib/plugins/ticketing) ----

/** A line of a closed ticket's transcript, as the bot reported it. */
export type TranscriptLine = { id: string; author_id: string; author_name: string; content: string; at: string; attachments: string[] };
/** A member's answer to one question of a panel's form. */
export type TicketAnswer = { label: string; value: string };

/**
 * The tickets members opened through a panel, as the bot reports them (POST /api/bot/v1/events:
 * ticket_opened, ticket_claimed, ticket_closed). Numbered per guild in the order they were
 * reported; the transcript arrives with the close. Read newest first by number (keyset pages).
 */
export const tickets = pgTable(
  "tickets",
  {
    id: text("id").primaryKey(),
    guildId: text("guild_id").notNull(),
    number: integer("number").notNull(),
    /** The panel item it was opened from; null once the panel is deleted or when the bot did not say. */
    panelId: text("panel_id"),
    /** The ticket's own channel on the platform. */
    channelId: text("channel_id").notNull(),
    openerId: text("opener_id").notNull(),
    openerName: text("opener_name"),
    /** open or closed. */
    status: text("status").notNull().default("open"),
    claimedBy: text("claimed_by"),
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    closedBy: text("closed_by"),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    closeReason: text("close_reason"),
    answers: jsonb("answers").$type<TicketAnswer[]>().notNull().default([]),
    transcript: jsonb("transcript").$type<TranscriptLine[]>(),
    openedAt: timestamp("opened_at", { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex("tickets_guild_number_idx").on(table.guildId, table.number), uniqueIndex("tickets_guild_channel_idx").on(table.guildId, table.channelId)],
);

/**
 * The voice recordings the bot made, as it reports them (POST /api/bot/v1/events:
 * recording_finished). The audio itself lives in storage under `storageKey`
 * (lib/plugins/record/files.ts); the Record page lists them newest first and hands out
 * short-lived download links.
 */
export const recordings = pgTable(
  "recordings",
  {
    id: text("id").primaryKey(),
    guildId: text("guild_id").notNull(),
    channelId: text("channel_id").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    durationS: integer("duration_s").notNull(),
    sizeBytes: bigint("size_bytes", { mode: "number" }).notNull(),
    participants: jsonb("participants").$type<string[]>().notNull().default([]),
    storageKey: text("storage_key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("recordings_guild_started_idx").on(table.guildId, table.startedAt, table.id)],
);

/**
 * What the bot counted in a guild, per hour (UTC): members who joined and left (member_join,
 * member_leave) and messages sent (messages_counted). Hours, not days, so the Statistics
 * charts can cut days in the guild's own time zone.
 */
export const guildActivity = pgTable(
  "guild_activity",
  {
    guildId: text("guild_id").notNull(),
    hour: timestamp("hour", { withTimezone: true }).notNull(),
    joins: integer("joins").notNull().default(0),
    leaves: integer("leaves").notNull().default(0),
    messages: integer("messages").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.guildId, table.hour] })],
);

/**
 * The steps scheduled automations took (lib/plugins/automations/schedule.ts): one row per
 * automation, scheduled time and action, written before the action is carried out, so a
 * retried job skips what it did already (a webhook is called, a message sent, once).
 */
export const automationSteps = pgTable(
  "automation_steps",
  {
    guildId: text("guild_id").notNull(),
    automationId: text("automation_id").notNull(),
    scheduledFor: timestamp("scheduled_for", { withTimezone: true }).notNull(),
    step: integer("step").notNull(),
    takenAt: timestamp("taken_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.automationId, table.scheduledFor, table.step] }), index("automation_steps_guild_idx").on(table.guildId, table.takenAt)],
);
/** What a manager told us about a server in the onboarding survey (POST /guilds/{id}/onboarding_survey); the Guild entity's `discord_usage` and `is_business`. */
export const guildSurveys = pgTable("guild_surveys", {
  guildId: text("guild_id").primaryKey(),
  /** One of lib/onboarding/survey.ts DISCORD_USAGES. */
  discordUsage: text("discord_usage").notNull(),
  isBusiness: boolean("is_business").notNull(),
  answeredBy: text("answered_by").notNull(),
  answeredAt: timestamp("answered_at", { withTimezone: true }).notNull(),
});

/** A user's first-login questions (GET/POST /users/@me/onboarding-typeform) and whether they finished or hid the getting-started steps. */
export const userOnboarding = pgTable("user_onboarding", {
  userId: text("user_id").primaryKey(),
  answers: jsonb("answers").$type<Record<string, string>>(),
  answeredAt: timestamp("answered_at", { withTimezone: true }),
  doneAt: timestamp("done_at", { withTimezone: true }),
});

/** The guild's own Stripe account (Stripe Connect), where its memberships are sold and paid out. */
export const membershipAccounts = pgTable("membership_accounts", {
  guildId: text("guild_id").primaryKey(),
  stripeAccountId: text("stripe_account_id").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A plan a server owner sells (Memberships): a price per period, the role it grants. */
export const membershipPlans = pgTable(
  "membership_plans",
  {
    id: text("id").primaryKey(),
    guildId: text("guild_id").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    /** In the smallest unit of the plugin's currency. */
    priceCents: integer("price_cents").notNull(),
    currency: text("currency").notNull(),
    /** month or year. */
    period: text("period").notNull(),
    roleId: text("role_id").notNull(),
    /** The recurring price on the guild's Stripe account; a new one whenever price, currency or period change (Stripe prices are immutable). */
    stripePriceId: text("stripe_price_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("membership_plans_guild_idx").on(table.guildId)],
);

/** A member's subscription to a plan, as the guild's Stripe account reported it. */
export const memberships = pgTable(
  "memberships",
  {
    id: text("id").primaryKey(),
    guildId: text("guild_id").notNull(),
    userId: text("user_id").notNull(),
    /** Null once the plan was deleted (the subscription runs on at Stripe until it ends). */
    planId: text("plan_id"),
    /** The role the member holds through it now (swapped on a plan change). */
    roleId: text("role_id").notNull(),
    stripeAccountId: text("stripe_account_id").notNull(),
    stripeSubscriptionId: text("stripe_subscription_id").notNull(),
    customerId: text("customer_id").notNull(),
    /** active, non_renewing (cancelled at period end), past_due or ended. */
    status: text("status").notNull(),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }).notNull(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("memberships_subscription_idx").on(table.stripeSubscriptionId), index("memberships_guild_idx").on(table.guildId), index("memberships_user_idx").on(table.userId)],
);

/** Every paid invoice of a membership: the owner's revenue. */
export const membershipInvoices = pgTable(
  "membership_invoices",
  {
    stripeInvoiceId: text("stripe_invoice_id").primaryKey(),
    guildId: text("guild_id").notNull(),
    membershipId: text("membership_id").notNull(),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    paidAt: timestamp("paid_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("membership_invoices_guild_idx").on(table.guildId, table.paidAt)],
);

/**
 * A guild's credits (the Credits plugin): what it holds now. Changed only with a ledger line in
 * the same transaction (lib/credits/ledger.ts); a spend is one conditional UPDATE, so concurrent
 * spends can never take it below zero, and the check makes sure of it in the database as well.
 */
export const creditBalances = pgTable(
  "credit_balances",
  {
    guildId: text("guild_id").primaryKey(),
    balance: integer("balance").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check("credit_balances_not_negative", sql`${table.balance} >= 0`)],
);

/**
 * Every credit (positive `amount`) and debit (negative) of a guild's credits, with why: a
 * purchase, a staff grant, an advertisement, the refund of an advertisement that was not sent.
 * `reference` makes a line once per outside event (a payment's id).
 */
export const creditLedger = pgTable(
  "credit_ledger",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    guildId: text("guild_id").notNull(),
    amount: integer("amount").notNull(),
    /** One of lib/credits/ledger.ts CREDIT_REASONS. */
    reason: text("reason").notNull(),
    /** Who caused it (the buyer, the staff member, the manager who sent the ad); null for none. */
    actorId: text("actor_id"),
    /** Free text: a staff grant's reason, an advertisement's channel. */
    note: text("note"),
    reference: text("reference"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("credit_ledger_guild_idx").on(table.guildId, table.id), uniqueIndex("credit_ledger_reference_idx").on(table.reference)],
);
/**
 * A Sign-In with Ethereum nonce (EIP-4361, lib/wallets/siwe.ts): issued to one user, valid until
 * `expiresAt`, spent by the one link that uses it (`usedAt` set in the same write that links).
 */
export const walletNonces = pgTable(
  "wallet_nonces",
  {
    nonce: text("nonce").primaryKey(),
    userId: text("user_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (table) => [index("wallet_nonces_user_idx").on(table.userId)],
);

/** A wallet a user proved they hold by signing a SIWE message; one user per address. */
export const userWallets = pgTable(
  "user_wallets",
  {
    /** Lowercase. */
    address: text("address").primaryKey(),
    userId: text("user_id").notNull(),
    chainId: integer("chain_id").notNull(),
    linkedAt: timestamp("linked_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("user_wallets_user_idx").on(table.userId)],
);

/**
 * The NFT a holder set as the bot's avatar in a guild (lib/nft-avatars): its owner is checked on
 * chain when set and again by the job engine; a token transferred away resets the avatar.
 */
export const nftAvatars = pgTable("nft_avatars", {
  guildId: text("guild_id").primaryKey(),
  userId: text("user_id").notNull(),
  /** The holder's linked wallet (lowercase) that owned the token when it was set. */
  wallet: text("wallet").notNull(),
  collection: text("collection").notNull(),
  tokenId: text("token_id").notNull(),
  setAt: timestamp("set_at", { withTimezone: true }).notNull(),
  checkedAt: timestamp("checked_at", { withTimezone: true }).notNull(),
});

/** NFT coupon codes: each redeemed once, by the first user whose update claims it. */
export const nftCoupons = pgTable("nft_coupons", {
  code: text("code").primaryKey(),
  /** Where the code was handed out (a drop, a partner), answered as `source`. */
  source: text("source").notNull(),
  redeemedBy: text("redeemed_by"),
  redeemedAt: timestamp("redeemed_at", { withTimezone: true }),
});
