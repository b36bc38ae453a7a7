import { MAX_BACKGROUND_LENGTH, parseBackground } from "@/lib/card-drawing/background";

// The rank card's background as stored in the levels config (`rank_card_background`): the
// welcome card's forms (`preset:<id>`, `upload:<key>`, lib/card-drawing/background.ts), or
// `color` for the guild's plain background colour, the classic look and the default.
// Pure and client-safe.

export const PLAIN_BACKGROUND = "color";
export const MAX_RANK_CARD_BACKGROUND_LENGTH = MAX_BACKGROUND_LENGTH;

export function isRankCardBackground(value: unknown): value is string {
  return value === PLAIN_BACKGROUND || parseBackground(value) !== null;
}
