// What an automod rule can look for and what it can do. Pure and light: the plugin definition
// (loaded by every page) imports these, while the matcher and its RE2 engine stay in rules.ts.

export const AUTOMOD_TRIGGERS = ["words", "regex", "invites", "links", "caps", "mentions", "emojis", "repeats", "attachments"] as const;
export type AutomodTrigger = (typeof AUTOMOD_TRIGGERS)[number];

export const AUTOMOD_ACTIONS = ["delete", "warn", "timeout", "kick", "ban", "alert", "log"] as const;
export type AutomodAction = (typeof AUTOMOD_ACTIONS)[number];
