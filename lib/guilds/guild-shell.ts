import "server-only";
import { cache } from "react";
import { getDb } from "@/lib/db/client";
import { getGuildWithMeta } from "@/lib/platform/bot-api";
import { isPremium } from "./premium";
import { readGuildSettings } from "./settings-queries";

export type GuildShell = {
  guild: { id: string; name: string; icon: string | null; member_count: number };
  premium: boolean;
  /** True when the platform could not answer and cached data was used. */
  stale: boolean;
};

/**
 * The guild as its pages' frame shows it, read with the bot token only: no session,
 * so the overview can be rendered once per guild and language and served from the
 * page cache. Who may see it is decided before, by middleware (lib/guilds/page-verdict.ts);
 * the dynamic pages below still run their own loadGuildPage check.
 */
export const loadGuildShell = cache(async (guildId: string): Promise<GuildShell> => {
  const [guild, settings] = await Promise.all([getGuildWithMeta(guildId), getDb().then((db) => readGuildSettings(db, guildId))]);
  return {
    guild: { id: guild.value.id, name: guild.value.name, icon: guild.value.icon, member_count: guild.value.approximate_member_count ?? 0 },
    premium: isPremium(settings.buffs),
    stale: guild.stale,
  };
});
