import "server-only";
import { cache } from "react";
import { getGuildWithMeta } from "@/lib/platform/bot-api";
import type { Locale } from "@/lib/i18n/locales";
import { guildLanguage } from "./guild-language";
import { tagGuildPage } from "./page-cache";
import { isPremium } from "./premium";
import { getGuildSettings } from "./settings-queries";

export type ShellGuild = {
  id: string;
  name: string;
  icon: string | null;
  owner_id: string;
  verification_level: number;
  member_count: number;
};

export type GuildShell = {
  guild: ShellGuild;
  /** The language the bot speaks here (lib/guilds/guild-language.ts): its default messages are drawn in it. */
  language: Locale;
  /** The guild's own locale on the platform ("en-GB"), which `language` follows unless the managers chose one. */
  platformLocale: string | null;
  premium: boolean;
  /** What the guild's subscriptions and gifts give it (lib/billing/entitlements.ts reads them). */
  buffs: string[];
  /** True when the platform could not answer (or was slow) and older data was used. */
  stale: boolean;
};

/**
 * The guild as its pages show it, read with the bot token only: no session, so the
 * overview can be rendered once per guild and language and served from the page cache.
 * Who may see it is decided before, by middleware (lib/guilds/page-verdict.ts); pages that
 * draw per-viewer data check middleware's proof (lib/guilds/guild-page.ts).
 */
export async function readGuildShell(guildId: string): Promise<GuildShell> {
  const [guild, settings] = await Promise.all([getGuildWithMeta(guildId), getGuildSettings(guildId)]);
  const { id, name, icon, owner_id, verification_level, approximate_member_count, preferred_locale } = guild.value;
  return {
    guild: { id, name, icon, owner_id, verification_level, member_count: approximate_member_count ?? 0 },
    language: guildLanguage(settings.locale, preferred_locale),
    platformLocale: preferred_locale ?? null,
    premium: isPremium(settings.buffs),
    buffs: settings.buffs,
    stale: guild.stale,
  };
}

/**
 * readGuildShell for a page being rendered, which it puts under the guild's tag and its area's
 * (lib/guilds/page-cache.ts: a plugin page's area is the plugin's id): every page that shows a
 * guild draws it through here, so none is cached without the tags a write expires. Loaded once
 * per request (React cache) and shared by the page and its metadata.
 */
export const loadGuildShell = cache(async (guildId: string, area: string): Promise<GuildShell> => {
  const [shell] = await Promise.all([readGuildShell(guildId), tagGuildPage(guildId, area)]);
  return shell;
});
