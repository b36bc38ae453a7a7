import { readFileSync } from "node:fs";
import path from "node:path";
import { CREDIT_REASONS } from "@/lib/credits/ledger";
import { LOCALES } from "@/lib/i18n/locales";
import { AD_CATEGORIES } from "@/lib/plugins/credits/definition";
import { CREDITS_TEXT_KEYS } from "./text";

// The Credits page's and the staff tools' words in every language: the English keys (every
// advertisement topic and ledger reason named), the same {placeholders} (filled by the pages),
// and each sentence written in that language rather than copied from English.

type Json = { [key: string]: string | Json };
const load = (locale: string, namespace: string) => (JSON.parse(readFileSync(path.join(process.cwd(), "messages", `${locale}.json`), "utf8")) as Record<string, Json>)[namespace]!;
const flat = (node: Json, at = ""): Array<[string, string]> => Object.entries(node).flatMap(([key, value]) => (typeof value === "string" ? [[`${at}${key}`, value] as [string, string]] : flat(value, `${at}${key}.`)));
const placeholders = (message: string) => [...message.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
/** Two words or more besides placeholders: a sentence to translate (a name such as "Plugins" may stay). */
const isSentence = (message: string) => message.replace(/\{\w+\}/g, "").split(/\s+/).filter((word) => /\p{L}/u.test(word)).length >= 2;

it("names every advertisement topic and ledger reason, and has every key the Credits page reads, in English", () => {
  const english = load("en", "creditsPanel");
  expect(Object.keys(english.categories as Json).sort()).toEqual([...AD_CATEGORIES].sort());
  expect(Object.keys(english.reasons as Json).sort()).toEqual([...CREDIT_REASONS].sort());
  expect(Object.keys(english).sort()).toEqual([...CREDITS_TEXT_KEYS].sort());
});

describe.each(["creditsPanel", "staffTools"])("%s", (namespace) => {
  const english = Object.fromEntries(flat(load("en", namespace)));

  describe.each(LOCALES)("in %s", (locale) => {
    const own = Object.fromEntries(flat(load(locale, namespace)));

    it("has exactly the English keys, each with English's placeholders", () => {
      expect(Object.keys(own).sort()).toEqual(Object.keys(english).sort());
      for (const key of Object.keys(english)) expect({ key, names: placeholders(own[key]!) }).toEqual({ key, names: placeholders(english[key]!) });
    });

    it("says its sentences in its own language", () => {
      if (locale === "en") return;
      expect(Object.keys(english).filter((key) => isSentence(english[key]!) && own[key] === english[key])).toEqual([]);
    });
  });
});
