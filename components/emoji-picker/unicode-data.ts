import "server-only";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { LOCALES, type Locale } from "@/lib/i18n/locales";
import { EMOJI_GROUPS, searchForm, type EmojiData, type UnicodeEmoji } from "./data-format";
import { EMOJI_DATA_VERSIONS } from "./data-versions";

// The picker's unicode emoji, per language, made from emojibase-data (CLDR names and keywords)
// and served by our own route, so nothing is fetched from a CDN at run time. Only what the
// picker draws and searches is kept: the emoji, its name, and search words (35 to 60 KB gzipped a language).

/** emojibase-data's folder for each language; Turkish and Arabic have none there, so English names stand in. */
const DATASET: Record<Locale, string> = { en: "en", fr: "fr", es: "es", de: "de", tr: "en", ar: "en", pt: "pt", tw: "zh-hant", ru: "ru" };

/**
 * Newest Unicode emoji version offered. Later ones draw as empty boxes on most systems for a
 * year or two and the platform's own picker does not have them yet; the field still accepts them.
 */
const MAX_EMOJI_VERSION = 15.1;

// emojibase group numbers, in EMOJI_GROUPS order (2 is "component": skin tone and hair swatches).
const GROUP_NUMBERS = [0, 1, 3, 4, 5, 6, 7, 8, 9] as const;

const datasetEntry = z.object({
  emoji: z.string().min(1),
  hexcode: z.string(),
  label: z.string(),
  group: z.number().int().optional(),
  order: z.number().optional(),
  tags: z.array(z.string()).optional(),
  version: z.number(),
});
const shortcodeFile = z.record(z.string(), z.union([z.string(), z.array(z.string())]));

function readDataset(file: string): unknown {
  // Read from node_modules at run time rather than bundled: nine languages of names would weigh on every server bundle.
  return JSON.parse(readFileSync(/*turbopackIgnore: true*/ path.join(process.cwd(), "node_modules", "emojibase-data", file), "utf8"));
}

function build(locale: Locale): EmojiData {
  const entries = z.array(datasetEntry).parse(readDataset(`${DATASET[locale]}/data.json`));
  // English shortcodes as the platform's chat knows them (":tada:"), searchable in every language.
  const shortcodes = shortcodeFile.parse(readDataset("en/shortcodes/iamcal.json"));
  const byGroup = new Map<number, Array<{ order: number; emoji: UnicodeEmoji }>>();
  for (const entry of entries) {
    if (entry.group === undefined || entry.version > MAX_EMOJI_VERSION) continue;
    const codes = [shortcodes[entry.hexcode] ?? []].flat().map((code) => code.replace(/_/g, " "));
    // Single words, each once and none already in the name (the picker searches the name too): a third smaller.
    const named = new Set(searchForm(entry.label).split(/\s+/));
    const words = new Set([...(entry.tags ?? []), ...codes].flatMap((text) => searchForm(text).split(/\s+/)).filter((word) => word && !named.has(word)));
    const list = byGroup.get(entry.group) ?? [];
    list.push({ order: entry.order ?? Number.MAX_SAFE_INTEGER, emoji: [entry.emoji, entry.label, [...words].join(" ")] });
    byGroup.set(entry.group, list);
  }
  return {
    groups: GROUP_NUMBERS.map((number, index) => ({
      key: EMOJI_GROUPS[index]!,
      emojis: (byGroup.get(number) ?? []).sort((a, b) => a.order - b.order).map((item) => item.emoji),
    })),
  };
}

export type BuiltEmojiData = { body: string; version: string };

const store = globalThis as typeof globalThis & { __guildhallEmojiData?: Map<Locale, BuiltEmojiData> };

/** The JSON the route serves for a language, and its content hash (the URL's version segment). Made once per process. */
export function emojiDataFor(locale: Locale): BuiltEmojiData {
  store.__guildhallEmojiData ??= new Map();
  let built = store.__guildhallEmojiData.get(locale);
  if (!built) {
    const body = JSON.stringify(build(locale));
    built = { body, version: createHash("sha256").update(body).digest("base64url").slice(0, 16) };
    store.__guildhallEmojiData.set(locale, built);
  }
  return built;
}

/**
 * Where the picker downloads the language's emoji: a new URL whenever the data changes, so it can
 * be cached for good. From the versions written at `npm run assets`: a page names the data
 * without making it (the route makes it, once per process and language).
 */
export function emojiDataUrl(locale: Locale): string {
  return `/${locale}/emoji-data/${EMOJI_DATA_VERSIONS[locale]}`;
}

export const EMOJI_VERSIONS_FILE = "components/emoji-picker/data-versions.ts";

/** The source of EMOJI_VERSIONS_FILE for the data as it is now (scripts/make-public-assets.ts writes it). */
export function emojiVersionsModule(): string {
  const entries = LOCALES.map((locale) => `  ${locale}: ${JSON.stringify(emojiDataFor(locale).version)},`).join("\n");
  return `// Written by \`npm run assets\` (components/emoji-picker/unicode-data.ts): the content hash of each
// language's emoji data, its URL's version segment. Pages name the data by it without making it;
// unicode-data.test.ts fails when the data changes and this file was not written again.
import type { Locale } from "@/lib/i18n/locales";

export const EMOJI_DATA_VERSIONS: Record<Locale, string> = {
${entries}
};
`;
}
