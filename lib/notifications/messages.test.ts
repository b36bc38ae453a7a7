/** @jest-environment node */
// Every language words every notification and the bell: the same keys as English, the same
// placeholders, and a translation of its own (not an English copy) for the sentences.
import { readFileSync } from "node:fs";
import path from "node:path";
import { LOCALES } from "@/lib/i18n/locales";
import { NOTIFICATION_KINDS } from "./kinds";

type Texts = { nav: { notifications: Record<string, unknown> & { kinds: Record<string, string> } }; settings: { changedBy: string } };
const read = (locale: string) => JSON.parse(readFileSync(path.join(process.cwd(), "messages", `${locale}.json`), "utf8")) as Texts;
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

const en = read("en");

it("has a sentence for every kind, and one for a change of the server's own settings", () => {
  expect(Object.keys(en.nav.notifications.kinds).sort()).toEqual([...NOTIFICATION_KINDS, "settings_changed_server"].sort());
});

it.each(LOCALES.filter((locale) => locale !== "en"))("%s has every key, with English's placeholders, in its own words", (locale) => {
  const texts = read(locale);
  expect(Object.keys(texts.nav.notifications).sort()).toEqual(Object.keys(en.nav.notifications).sort());
  for (const [kind, sentence] of Object.entries(en.nav.notifications.kinds)) {
    const translated = texts.nav.notifications.kinds[kind]!;
    expect({ kind, placeholders: placeholders(translated) }).toEqual({ kind, placeholders: placeholders(sentence) });
    expect(translated).not.toBe(sentence);
  }
  expect(placeholders(texts.settings.changedBy)).toEqual(["user"]);
  expect(texts.settings.changedBy).not.toBe(en.settings.changedBy);
});
