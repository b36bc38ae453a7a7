import { readFileSync } from "node:fs";
import path from "node:path";
import { LOCALES } from "@/lib/i18n/locales";
import { ACTION_TYPES, COMPARISONS, CONDITION_TYPES, TRIGGER_TYPES } from "@/lib/plugins/automations/vocabulary";

// The automation editor's words in every language: the English keys (every trigger, condition,
// comparison and action named), the same {placeholders} (the islands fill them), and each
// sentence written in that language rather than copied from English.

type Json = { [key: string]: string | Json };
const load = (locale: string) => (JSON.parse(readFileSync(path.join(process.cwd(), "messages", `${locale}.json`), "utf8")) as Record<string, Json>).automationEditor!;
const flat = (node: Json, at = ""): Array<[string, string]> => Object.entries(node).flatMap(([key, value]) => (typeof value === "string" ? [[`${at}${key}`, value] as [string, string]] : flat(value, `${at}${key}.`)));
const english = Object.fromEntries(flat(load("en")));
const placeholders = (message: string) => [...message.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

it("names every trigger, condition, comparison and action in English", () => {
  const keys = (prefix: string) => Object.keys(english).filter((key) => key.startsWith(`${prefix}.`)).map((key) => key.slice(prefix.length + 1)).sort();
  expect(keys("triggers")).toEqual([...TRIGGER_TYPES].sort());
  expect(keys("conditionTypes")).toEqual([...CONDITION_TYPES].sort());
  expect(keys("operators")).toEqual([...COMPARISONS].sort());
  expect(keys("actionTypes")).toEqual([...ACTION_TYPES].sort());
});

describe.each(LOCALES)("automationEditor messages in %s", (locale) => {
  const own = Object.fromEntries(flat(load(locale)));

  it("has exactly the English keys, each with English's placeholders", () => {
    expect(Object.keys(own).sort()).toEqual(Object.keys(english).sort());
    for (const key of Object.keys(english)) expect({ key, names: placeholders(own[key]!) }).toEqual({ key, names: placeholders(english[key]!) });
  });

  it("says its sentences in its own language", () => {
    if (locale === "en") return;
    const copied = Object.keys(english).filter((key) => english[key]!.includes(" ") && own[key] === english[key]);
    expect(copied).toEqual([]);
  });
});
