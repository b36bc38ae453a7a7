// What a moderation case can be, who can make one and where it comes from. Pure: the API
// schemas, the bot contract and the pages share it.

export const CASE_TYPES = ["warn", "timeout", "timeout_removed", "kick", "ban", "unban", "softban", "note"] as const;
export type CaseType = (typeof CASE_TYPES)[number];

/** Who acted: a dashboard user, the bot on its own (automod, thresholds), or someone in the platform's own client. */
export const MODERATOR_KINDS = ["dashboard", "bot", "platform"] as const;
export type ModeratorKind = (typeof MODERATOR_KINDS)[number];

export const CASE_SOURCES = ["dashboard", "bot", "platform", "automod"] as const;
export type CaseSource = (typeof CASE_SOURCES)[number];
