import { z } from "zod/mini";

// The shape of the unicode emoji data the picker downloads (app/[locale]/emoji-data): made
// on the server from emojibase-data, parsed again in the browser, since it arrives over the
// network. zod/mini keeps that check small in the picker's lazily loaded chunk.

/** Unicode's emoji groups in their order (emojibase group keys), without "component" (skin tone swatches). */
export const EMOJI_GROUPS = ["smileys-emotion", "people-body", "animals-nature", "food-drink", "travel-places", "activities", "objects", "symbols", "flags"] as const;
export type EmojiGroup = (typeof EMOJI_GROUPS)[number];

/** One emoji: the emoji itself, its name in the page's language, and more words to search it by (keywords, shortcodes; in searchForm). */
export type UnicodeEmoji = [emoji: string, name: string, search: string];
export type EmojiData = { groups: Array<{ key: EmojiGroup; emojis: UnicodeEmoji[] }> };

export const emojiDataSchema = z.object({
  groups: z.array(z.object({ key: z.enum(EMOJI_GROUPS), emojis: z.array(z.tuple([z.string(), z.string(), z.string()])) })),
});

/** Lowercase without accents, so "cafe" finds "café" and "ÇAY" finds "çay" (searched words and queries alike). */
export function searchForm(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLocaleLowerCase();
}
