// The one tag every cached page of a guild carries (the overview, its plugin pages, copy settings,
// the public leaderboard's pages, in every language): expiring it retires them all, on every
// instance (lib/guilds/page-cache.ts). Not marked server-only: the production server reads it.

export function guildPagesTag(guildId: string): string {
  return `guild:${guildId}`;
}
