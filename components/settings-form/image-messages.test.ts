/** @jest-environment node */
import { readFileSync } from "node:fs";
import path from "node:path";
import { LOCALES } from "@/lib/i18n/locales";

// The image field's strings, and the label of the trophies' icon image, exist in all nine
// languages, translated.

type Strings = { [key: string]: string | Strings };
const messages = (file: string) => JSON.parse(readFileSync(path.join(process.cwd(), "messages", file), "utf8")) as Strings;

function flatten(strings: Strings, prefix = ""): Record<string, string> {
  return Object.fromEntries(Object.entries(strings).flatMap(([key, value]) => (typeof value === "string" ? [[`${prefix}${key}`, value]] : Object.entries(flatten(value, `${prefix}${key}.`)))));
}

const imageStrings = (locale: string) => flatten(messages(`${locale}.json`).imageField as Strings);
const iconImage = (locale: string) => flatten((((messages(`plugins/${locale}.json`).achievements as Strings).collections as Strings).trophies as Strings).fields as Strings, "");
const english = imageStrings("en");

it("has the strings the control and its errors need in English", () => {
  expect(Object.keys(english).sort()).toEqual(
    ["upload", "replace", "remove", "uploading", "uploaded", "removed", "current", "none", "hint", ...["type", "size", "dimensions", "damaged", "frames", "storage", "failed"].map((key) => `errors.${key}`)].sort(),
  );
});

it.each(LOCALES.filter((locale) => locale !== "en"))("%s has every image field string, translated, and labels the trophies' icon image", (locale) => {
  const strings = imageStrings(locale);
  expect(Object.keys(strings).sort()).toEqual(Object.keys(english).sort());
  for (const [key, text] of Object.entries(strings)) {
    expect({ key, empty: text.trim() === "" }).toEqual({ key, empty: false });
    expect({ key, same: text === english[key] }).toEqual({ key, same: false });
  }
  const label = iconImage(locale)["icon_image.label"];
  expect(label && label !== iconImage("en")["icon_image.label"]).toBeTruthy();
});
