import { MAX_BACKGROUND_LENGTH, parseBackground } from "@/lib/card-drawing/background";

// The rank card's settings in the levels config, as the server and the browser read them.
// The background (`rank_card_background`) takes the welcome card's forms (`preset:<id>`,
// `upload:<key>`, lib/card-drawing/background.ts), or `color` for the guild's plain
// background colour, the classic look and the default. Pure and client-safe.

export const PLAIN_BACKGROUND = "color";
export const MAX_RANK_CARD_BACKGROUND_LENGTH = MAX_BACKGROUND_LENGTH;

/** The colours a `rank_card_*_color` left empty (null) stands for. */
export const DEFAULT_RANK_CARD_COLORS = { background: 0x23272a, accent: 0x5865f2, text: 0xffffff } as const;

export function isRankCardBackground(value: unknown): value is string {
  return value === PLAIN_BACKGROUND || parseBackground(value) !== null;
}

/** The card's size in pixels. */
export const RANK_CARD_SIZE = { width: 1000, height: 300 } as const;

/** Uploaded backgrounds offered in the picker and listed by the backgrounds endpoint. */
export const RANK_CARD_UPLOADS = 12;
