import { formatCustomEmoji, parseCustomEmoji } from "@/lib/platform/custom-emoji";
import { searchForm, type EmojiData, type EmojiGroup } from "./data-format";
import type { GuildEmoji } from "./types";

// What the picker lists: the guild's custom emojis first, then unicode by group; or, while
// searching, one list of matches. Pure, so the keyboard model is tested without a browser.

/** Emojis per row of the grid (the popover lays its grid out from it). */
export const COLUMNS = 8;

export type Entry =
  | { kind: "unicode"; value: string; name: string; search: string }
  | { kind: "custom"; value: string; name: string; search: string; emoji: GuildEmoji };

export type Section = { key: "custom" | "results" | EmojiGroup; entries: Entry[] };

/** Unicode entries by group, their names searchable in the data's language (made once per download). */
export function unicodeEntries(data: EmojiData): Array<{ key: EmojiGroup; entries: Entry[] }> {
  return data.groups.map((group) => ({
    key: group.key,
    entries: group.emojis.map(([emoji, name, words]) => ({ kind: "unicode" as const, value: emoji, name, search: `${searchForm(name)} ${words}` })),
  }));
}

export function customEntries(emojis: readonly GuildEmoji[]): Entry[] {
  return emojis.map((emoji) => ({ kind: "custom" as const, value: formatCustomEmoji(emoji), name: emoji.name, search: searchForm(emoji.name.replace(/_/g, " ")), emoji }));
}

/**
 * The sections to draw. A query keeps the entries with a word starting with it (or containing
 * it, ranked after), custom emojis first, in one "results" section.
 */
export function sectionsFor(custom: readonly Entry[], unicode: ReadonlyArray<{ key: EmojiGroup; entries: Entry[] }>, query: string): Section[] {
  // ":party_popper:" reads as "party popper", as shortcodes were stored.
  const needle = searchForm(query.trim().replace(/^:|:$/g, "").replace(/_/g, " ").trim());
  if (!needle) return [...(custom.length > 0 ? [{ key: "custom" as const, entries: [...custom] }] : []), ...unicode];
  const starts: Entry[] = [];
  const contains: Entry[] = [];
  for (const entry of [...custom, ...unicode.flatMap((group) => group.entries)]) {
    if (` ${entry.search}`.includes(` ${needle}`)) starts.push(entry);
    else if (entry.search.includes(needle)) contains.push(entry);
  }
  return [{ key: "results", entries: [...starts, ...contains] }];
}

/** Where the stored value sits in the flattened sections, so the picker opens on it. */
export function indexOfValue(sections: readonly Section[], value: string): number {
  const custom = parseCustomEmoji(value);
  const flat = sections.flatMap((section) => section.entries);
  return flat.findIndex((entry) => (custom && entry.kind === "custom" ? entry.emoji.id === custom.id : entry.value === value));
}

export type Move = "left" | "right" | "up" | "down" | "home" | "end";

/**
 * The entry an arrow key leads to, in a grid of COLUMNS per row that restarts with each section:
 * up and down keep the column (the nearest entry of a shorter row), crossing into the next or
 * previous section; left and right run through everything in order. `right` means forward:
 * the caller swaps left and right in right-to-left pages.
 */
export function moveIndex(sizes: readonly number[], index: number, move: Move): number {
  const total = sizes.reduce((sum, size) => sum + size, 0);
  if (total === 0) return -1;
  if (index < 0) return move === "end" || move === "up" ? total - 1 : 0;
  if (move === "home") return 0;
  if (move === "end") return total - 1;
  if (move === "left") return Math.max(0, index - 1);
  if (move === "right") return Math.min(total - 1, index + 1);
  // Rows as [start, length] over the flattened list.
  const rows: Array<[number, number]> = [];
  let start = 0;
  for (const size of sizes) {
    for (let offset = 0; offset < size; offset += COLUMNS) rows.push([start + offset, Math.min(COLUMNS, size - offset)]);
    start += size;
  }
  const row = rows.findIndex(([rowStart, length]) => index >= rowStart && index < rowStart + length);
  const target = rows[move === "down" ? row + 1 : row - 1];
  if (!target) return index;
  const column = index - rows[row]![0];
  return target[0] + Math.min(column, target[1] - 1);
}
