// Every plugin's id, in display order, and nothing else: what middleware and other light code
// need (a path segment check) without loading every definition's schemas. lib/plugins/index.ts
// checks, at compile time and in registry.test.ts, that the definitions list exactly these.

export const PLUGIN_IDS = [
  "moderator",
  "welcome",
  "timers",
  "commands",
  "reaction_roles",
  "guild_embeds",
  "search",
  "record",
  "help",
  "statistics",
  "temporary_channels",
  "twitch",
  "twitter",
  "youtube",
  "reddit",
  "rss",
  "kick",
  "levels",
  "birthdays",
  "blindtest",
  "music",
  "economy",
  "giveaways",
  "podcasts",
  "tiktok",
  "instagram",
  "ticketing",
  "automations",
  "achievements",
  "emojis",
  "webhooks",
  "memberships",
  "credits",
  "custom_bot",
  "nft_avatars",
] as const;

export type PluginId = (typeof PLUGIN_IDS)[number];
