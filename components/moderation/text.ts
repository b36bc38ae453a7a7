import type en from "@/messages/en.json";

/** The moderation page's words (messages/*.json "moderation"), raw: the islands fill {name}, {date}… themselves. */
export type ModerationText = typeof en.moderation;
