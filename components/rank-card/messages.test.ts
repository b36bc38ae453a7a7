import { readFileSync } from "node:fs";
import path from "node:path";
import { createTranslator } from "next-intl";
import { LOCALES } from "@/lib/i18n/locales";

// The rank card's words (editor, dialog, the purchase and its return) in every language: the
// English keys, valid ICU, the same placeholders ({price} is filled by the island), and each
// sentence written in that language rather than copied from English.

type Json = { [key: string]: string | Json };
const load = (locale: string) => JSON.parse(readFileSync(path.join(process.cwd(), "messages", `${locale}.json`), "utf8")) as Record<string, Json>;
const english = load("en").rankCard as Record<string, string>;
const placeholders = (message: string) => [...message.matchAll(/\{(\w+)[,}]/g)].map((match) => match[1]).sort();

describe.each(LOCALES)("rankCard messages in %s", (locale) => {
  const own = load(locale).rankCard as Record<string, string>;

  it("has exactly the English keys, each with English's placeholders", () => {
    expect(Object.keys(own).sort()).toEqual(Object.keys(english).sort());
    for (const key of Object.keys(english)) expect({ key, names: placeholders(own[key]!) }).toEqual({ key, names: placeholders(english[key]!) });
  });

  it("formats every message without an error", () => {
    const errors: string[] = [];
    const t = createTranslator({ locale, messages: load(locale), namespace: "rankCard", onError: (error) => errors.push(`${error.code}: ${error.message}`) });
    for (const key of Object.keys(english)) expect(t(key as never, { number: 1, price: "$4.99" } as never)).not.toBe("");
    expect(errors).toEqual([]);
  });

  it("says its sentences in its own language", () => {
    if (locale === "en") return;
    const copied = Object.keys(english).filter((key) => english[key]!.includes(" ") && own[key] === english[key]);
    expect(copied).toEqual([]);
  });
});
