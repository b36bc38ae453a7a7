import "server-only";
import type { Db } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import { getGuild } from "@/lib/platform/bot-api";
import type { GuildAccess } from "./access";
import { isPremium } from "./premium";
import { readGuildSettings } from "./settings-queries";

/**
 * The guild as the bot acts in it on its own (the job worker ending a giveaway): nobody is
 * signed in, so the bot is the actor its audit rows and template context name.
 */
export async function botGuildAccess(db: Db, guildId: string): Promise<GuildAccess> {
  const [guild, settings] = await Promise.all([getGuild(guildId), readGuildSettings(db, guildId)]);
  return { guildId, userId: getEnv().DISCORD_CLIENT_ID, guild, isOwner: false, permissions: 0n, premium: isPremium(settings.buffs), buffs: settings.buffs, stale: false };
}
