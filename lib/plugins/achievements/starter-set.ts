import type { TROPHY_CONDITIONS } from "./definition";

// The "starter set" offered on an empty-ish trophy list: common milestones owners of this kind of
// bot set up first. Names and descriptions are written in the guild's language when added
// (messages/plugins `achievements.starter.<key>`), so the bot announces them in it.

export type StarterTrophy = { key: string; emoji: string; condition: (typeof TROPHY_CONDITIONS)[number]; threshold: number };

export const STARTER_TROPHIES: readonly StarterTrophy[] = [
  { key: "first_words", emoji: "💬", condition: "messages_sent", threshold: 1 },
  { key: "chatterbox", emoji: "🗣️", condition: "messages_sent", threshold: 1000 },
  { key: "rising_star", emoji: "⭐", condition: "level_reached", threshold: 10 },
  { key: "voice_regular", emoji: "🎧", condition: "voice_minutes", threshold: 600 },
  { key: "veteran", emoji: "🎂", condition: "days_in_server", threshold: 365 },
];
