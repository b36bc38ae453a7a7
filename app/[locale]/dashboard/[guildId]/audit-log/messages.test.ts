import { readFileSync } from "node:fs";
import path from "node:path";
import { createTranslator } from "next-intl";
import { LOCALES } from "@/lib/i18n/locales";

// The audit log's words in every language: the same keys as English, valid ICU, and each
// sentence naming the same people and things (a dropped {plugin} would hide what changed).

type Json = { [key: string]: string | Json };
const load = (locale: string) => JSON.parse(readFileSync(path.join(process.cwd(), "messages", `${locale}.json`), "utf8")) as Record<string, Json>;
const english = load("en");

function keys(node: Json, prefix = ""): string[] {
  return Object.entries(node).flatMap(([key, value]) => (typeof value === "string" ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`)));
}
const at = (node: Json, key: string) => key.split(".").reduce<string | Json>((value, part) => (value as Json)[part]!, node) as string;
const placeholders = (message: string) => [...message.matchAll(/\{(\w+)[,}]/g)].map((match) => match[1]).sort();

const SAMPLE = { user: "Ada", case: "#5", plugin: "Welcome", title: "“rules”", collection: "Commands", channel: "#roles", member: "@Grace", text: "rules", plan: "Premium", date: "December 25, 2026", guild: "Night Owls" };

describe.each(LOCALES)("auditLog messages in %s", (locale) => {
  const messages = load(locale);

  it("has exactly the English keys", () => {
    expect(keys(messages.auditLog!).sort()).toEqual(keys(english.auditLog!).sort());
  });

  it("formats every message for 0, 1, 2, 3, 11 and 100 without an error, naming what English names", () => {
    const errors: string[] = [];
    const t = createTranslator({ locale, messages, namespace: "auditLog", onError: (error) => errors.push(`${error.code}: ${error.message}`) });
    for (const key of keys(english.auditLog!)) {
      expect([key, placeholders(at(messages.auditLog!, key))]).toEqual([key, placeholders(at(english.auditLog!, key))]);
      for (const count of [0, 1, 2, 3, 11, 100]) {
        const text = t(key as never, { ...SAMPLE, count, coins: count, name: "Ada", target: "Welcome" } as never);
        expect(text).not.toMatch(/[{}]/);
        if (key.startsWith("sentences.")) expect(text).toContain("Ada");
      }
    }
    expect(errors).toEqual([]);
  });
});
