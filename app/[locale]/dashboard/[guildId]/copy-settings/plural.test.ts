import { readFileSync } from "node:fs";
import path from "node:path";
import { createTranslator } from "next-intl";
import { LOCALES } from "@/lib/i18n/locales";
import { plural } from "./plural";

// The import plan counts in the browser: the small reader of "{count, plural, …}" must say
// exactly what next-intl says on the server, in every language of the copy-settings messages.

type Json = Record<string, unknown>;
const load = (locale: string) => JSON.parse(readFileSync(path.join(process.cwd(), "messages", `${locale}.json`), "utf8")) as Record<string, Json>;
const COUNTED = ["settingsCount", "itemsAdded", "itemsChanged", "itemsRemoved"] as const;
const COUNTS = [...Array.from({ length: 130 }, (_, count) => count), 1000, 1001, 1002, 1005, 1011, 12345];

describe.each(LOCALES)("copySettings messages in %s", (locale) => {
  const messages = load(locale);

  it("has exactly the English keys", () => {
    expect(Object.keys(messages.copySettings!).sort()).toEqual(Object.keys(load("en").copySettings!).sort());
  });

  it("reads every count as next-intl does", () => {
    const t = createTranslator({ locale, messages, namespace: "copySettings" }) as unknown as (key: string, values: { count: number }) => string;
    for (const key of COUNTED) {
      const message = messages.copySettings![key] as string;
      expect(message).toMatch(/^\{count, plural, /);
      for (const count of COUNTS) expect([key, count, plural(message, count, locale)]).toEqual([key, count, t(key, { count })]);
    }
  });
});

describe("plural", () => {
  it("prefers an exact =N form and keeps text around the plural block", () => {
    expect(plural("Found {count, plural, =0 {nothing} one {# file} other {# files}}.", 0, "en")).toBe("Found nothing.");
    expect(plural("Found {count, plural, =0 {nothing} one {# file} other {# files}}.", 1200, "en")).toBe("Found 1,200 files.");
    expect(plural("no plural here", 3, "en")).toBe("no plural here");
  });
});
