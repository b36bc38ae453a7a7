import type { Entity, Sentence } from "./describe";

// A sentence is formatted with a marker in place of each name, then cut at the markers: the
// translation decides where names go, the page decides how they look (bold, linked). ICU
// values are plain strings, so React elements cannot be passed in directly.

const MARK = "\uE000";

export type SentencePart = string | { name: string; entity: Entity };

type Format = (key: string, values: Record<string, string | number>) => string;

export function sentenceParts(format: Format, sentence: Sentence): SentencePart[] {
  const values = Object.fromEntries(Object.entries(sentence.values).map(([name, value]) => [name, typeof value === "number" ? value : `${MARK}${name}${MARK}`]));
  return format(sentence.key, values)
    .split(MARK)
    .flatMap((piece, index): SentencePart[] => {
      const value = sentence.values[piece];
      if (index % 2 === 1 && value !== undefined && typeof value !== "number") return [{ name: piece, entity: value }];
      return piece ? [piece] : [];
    });
}

/** The sentence as plain text (tests, labels). */
export function sentenceText(format: Format, sentence: Sentence): string {
  return sentenceParts(format, sentence)
    .map((part) => (typeof part === "string" ? part : part.entity.text))
    .join("");
}
