// The tags a guild's cached pages carry (lib/guilds/page-cache.ts). Every page of a guild (the
// overview, its plugin pages, copy settings, the public leaderboard's pages, in every language)
// carries the guild's tag: expiring it retires them all, on every instance. A page also carries
// its area's tag, so a write that changes only what one area shows (a plugin's settings or
// items) retires that area's pages and leaves the guild's other ~35 pages in the cache.
// Not marked server-only: the production server reads it (server/kept-pages.ts).

/** Carried by every guild's cached pages as well: what they all draw changed (a feature flag, lib/flags/flags.ts). */
export const EVERY_GUILD_PAGES_TAG = "guild:*";

/** The overview: it shows which plugins are on. */
export const OVERVIEW_AREA = "overview";
/** The audit log: every audited write shows there. */
export const AUDIT_LOG_AREA = "audit-log";
/** The public leaderboard draws the Levels plugin's settings. */
export const LEADERBOARD_AREA = "levels";

export function guildPagesTag(guildId: string): string {
  return `guild:${guildId}`;
}

/** An area of a guild's pages: a plugin's page (its id), the overview, the audit log. */
export function guildAreaTag(guildId: string, area: string): string {
  return `guild:${guildId}:${area}`;
}

/** The tags of a guild's page in `area`. */
export function guildPageTags(guildId: string, area: string): string[] {
  return [guildPagesTag(guildId), guildAreaTag(guildId, area), EVERY_GUILD_PAGES_TAG];
}
