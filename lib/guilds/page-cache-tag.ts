// The one tag every cached page of a guild carries (the overview, its plugin pages, copy settings,
// the public leaderboard's pages, in every language): expiring it retires them all, on every
// instance (lib/guilds/page-cache.ts). Not marked server-only: the production server reads it.

/** Carried by every guild's cached pages as well: what they all draw changed (a feature flag, lib/flags/flags.ts). */
export const EVERY_GUILD_PAGES_TAG = "guild:*";

export function guildPagesTag(guildId: string): string {
  return `guild:${guildId}`;
}
