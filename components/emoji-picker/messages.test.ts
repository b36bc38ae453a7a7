/** @jest-environment node */
import { readFileSync } from "node:fs";
import path from "node:path";
import { LOCALES } from "@/lib/i18n/locales";
import { EMOJI_GROUPS } from "./data-format";

// Every string the picker shows, and every emoji field error, exists in all nine languages
// with the placeholders the island fills in.

type Strings = { [key: string]: string | Strings };
const pickerStrings = (locale: string) => (JSON.parse(readFileSync(path.join(process.cwd(), "messages", `${locale}.json`), "utf8")) as { emojiPicker: Strings }).emojiPicker;

function flatten(strings: Strings, prefix = ""): Record<string, string> {
  return Object.fromEntries(Object.entries(strings).flatMap(([key, value]) => (typeof value === "string" ? [[`${prefix}${key}`, value]] : Object.entries(flatten(value, `${prefix}${key}.`)))));
}

const english = flatten(pickerStrings("en"));
const placeholders = (text: string) => [...text.matchAll(/\{\w+\}/g)].map((match) => match[0]).sort();

describe("emojiPicker messages", () => {
  it("name every group and every emoji field error", () => {
    expect(Object.keys(english).filter((key) => key.startsWith("groups.")).sort()).toEqual(EMOJI_GROUPS.map((group) => `groups.${group}`).sort());
  });

  it.each(LOCALES.filter((locale) => locale !== "en"))("%s has every string, translated, with the same placeholders", (locale) => {
    const strings = flatten(pickerStrings(locale));
    expect(Object.keys(strings).sort()).toEqual(Object.keys(english).sort());
    for (const [key, text] of Object.entries(strings)) {
      expect({ key, empty: text.trim() === "" }).toEqual({ key, empty: false });
      expect({ key, placeholders: placeholders(text) }).toEqual({ key, placeholders: placeholders(english[key]!) });
    }
    // Translated, not copied: at most the odd word (a proper noun) may match English.
    expect(Object.entries(strings).filter(([key, text]) => text === english[key]).length).toBeLessThanOrEqual(2);
  });
});
