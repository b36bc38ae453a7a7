import { readFileSync } from "node:fs";
import path from "node:path";
import { createTranslator } from "next-intl";
import { LOCALES } from "@/lib/i18n/locales";

// The shop's and the checkout return's words in every language: the English keys, valid ICU,
// the same placeholders (the chooser fills {price}, {name}, {guild} and {plan} itself), and translated (not English, but
// for plan names and words languages share, such as "Plan" or "Server").

type Json = { [key: string]: string | Json };
const load = (locale: string) => JSON.parse(readFileSync(path.join(process.cwd(), "messages", `${locale}.json`), "utf8")) as Record<string, Json>;
const english = load("en").premium as Json;
const NAMESPACES = ["shop", "return"] as const;

function keys(node: Json, prefix = ""): string[] {
  return Object.entries(node).flatMap(([key, value]) => (typeof value === "string" ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`)));
}
const at = (node: Json, key: string) => key.split(".").reduce<string | Json>((value, part) => (value as Json)[part]!, node) as string;
const placeholders = (message: string) => [...message.matchAll(/\{(\w+)[,}]/g)].map((match) => match[1]).sort();

describe.each(LOCALES)("premium shop messages in %s", (locale) => {
  const messages = load(locale);

  it.each(NAMESPACES)("premium.%s has exactly the English keys, each with English's placeholders", (namespace) => {
    const own = (messages.premium as Json)[namespace] as Json;
    const base = english[namespace] as Json;
    expect(keys(own).sort()).toEqual(keys(base).sort());
    for (const key of keys(base)) expect({ key, names: placeholders(at(own, key)) }).toEqual({ key, names: placeholders(at(base, key)) });
    if (locale !== "en") expect(keys(base).filter((key) => at(own, key) === at(base, key) && !/^(plans\.|columns\.plan$|chooser\.(plan|total|guild)$)/.test(key))).toEqual([]);
  });

  it("formats every message without an error", () => {
    const errors: string[] = [];
    for (const namespace of NAMESPACES) {
      const t = createTranslator({ locale, messages, namespace: `premium.${namespace}`, onError: (error) => errors.push(`${error.code}: ${error.message}`) });
      for (const key of keys(english[namespace] as Json)) expect(t(key as never, { price: "$1", name: "Workshop", guild: "Workshop", plan: "Premium" } as never)).not.toBe("");
    }
    expect(errors).toEqual([]);
  });
});
