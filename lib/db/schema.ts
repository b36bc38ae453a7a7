import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

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
  ignoredChannelIds: jsonb("ignored_channel_ids").$type<string[]>().notNull().default([]),
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
