import { readFileSync } from "node:fs";
import path from "node:path";
import { createTranslator } from "next-intl";
import { LOCALES } from "@/lib/i18n/locales";

// The moderation page's words in every language: the English keys, valid ICU, and the same
// placeholders (the islands fill {name}, {date}… themselves, so a renamed one would show raw).

type Json = { [key: string]: string | Json };
const load = (locale: string) => JSON.parse(readFileSync(path.join(process.cwd(), "messages", `${locale}.json`), "utf8")) as Record<string, Json>;
const english = load("en").moderation!;

function keys(node: Json, prefix = ""): string[] {
  return Object.entries(node).flatMap(([key, value]) => (typeof value === "string" ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`)));
}
const at = (node: Json, key: string) => key.split(".").reduce<string | Json>((value, part) => (value as Json)[part]!, node) as string;
const placeholders = (message: string) => [...message.matchAll(/\{(\w+)[,}]/g)].map((match) => match[1]).sort();

describe.each(LOCALES)("moderation messages in %s", (locale) => {
  const messages = load(locale);
  const own = messages.moderation!;

  it("has exactly the English keys, each with English's placeholders", () => {
    expect(keys(own).sort()).toEqual(keys(english).sort());
    for (const key of keys(english)) expect({ key, names: placeholders(at(own, key)) }).toEqual({ key, names: placeholders(at(english, key)) });
  });

  it("formats every message without an error", () => {
    const errors: string[] = [];
    const t = createTranslator({ locale, messages, namespace: "moderation", onError: (error) => errors.push(`${error.code}: ${error.message}`) });
    const sample = { name: "Sam", id: "139413632000852079", date: "5 Jan 2026", number: 5, count: 3, duration: "15 minutes", reason: "Raid", zone: "Europe/Paris" };
    for (const key of keys(english)) expect(t(key as never, sample as never)).not.toMatch(/^$|[{}]/);
    expect(errors).toEqual([]);
  });
});
