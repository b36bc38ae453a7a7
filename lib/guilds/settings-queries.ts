import "server-only";
import { cache } from "react";
import { eq } from "drizzle-orm";
import { getDb, type Db } from "@/lib/db/client";
import { guildSettings } from "@/lib/db/schema";

export type GuildSettingsRow = typeof guildSettings.$inferSelect;

/** The guild's own settings row, or the defaults when it was never saved. */
export async function readGuildSettings(db: Db, guildId: string): Promise<GuildSettingsRow> {
  const [row] = await db.select().from(guildSettings).where(eq(guildSettings.guildId, guildId)).limit(1);
  return row ?? defaultGuildSettings(guildId);
}

/** For server components: the guild's settings, read once per render however many parts ask. */
export const getGuildSettings = cache(async (guildId: string): Promise<GuildSettingsRow> => readGuildSettings(await getDb(), guildId));

export function defaultGuildSettings(guildId: string): GuildSettingsRow {
  return {
    guildId,
    prefix: "!",
    locale: null,
    applicationCommandsEnabled: true,
    applicationCommandsLocalized: true,
    defaultEmbedColor: null,
    timezone: null,
    ignoredChannelIds: [],
    buffs: [],
    onboarding: false,
    guildLockedDown: false,
    botAddedAt: null,
    botAddedBy: null,
    version: 0,
    updatedAt: new Date(0),
    updatedBy: null,
  };
}
