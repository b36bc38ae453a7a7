import { tierValue } from "@/lib/guilds/premium";

// The platform's rules for a custom emoji, shared by the API's checks and the gallery's form. Pure
// and client-safe.

/** 2 to 32 letters, digits or underscores. */
export const EMOJI_NAME = /^[A-Za-z0-9_]{2,32}$/;
export const EMOJI_NAME_MAX = 32;
/** The platform's bound on an emoji picture, as sent (after our re-encoding). */
export const MAX_EMOJI_BYTES = 256 * 1024;
/** The platform shows emojis at most 128 pixels a side: larger uploads are scaled down to it. */
export const EMOJI_SIDE = 128;
/** What the gallery takes; JPEG has no transparency and the platform's own client refuses it for emojis. */
export const EMOJI_TYPES = ["png", "gif", "webp"] as const;

/** Slots per kind (static, animated) by the server's boost tier: spec 9's mapping, 0→50 … 3→250. */
export const emojiSlots = (premiumTier: number): number => tierValue(premiumTier);
