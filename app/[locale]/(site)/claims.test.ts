import { readFileSync } from "node:fs";
import path from "node:path";
import { NOT_BUILT } from "@/lib/brand/claims";
import { LOCALES, type Locale } from "@/lib/i18n/locales";
import { PLUGIN_IDS } from "@/lib/plugins/index";

// The landing page and the plugin cards claim only what Guildhall does today. Web3 is not sold
// (its entitlements are not built; NFT avatars, built in issue 25, are Premium's): no landing
// sentence and no plugin description may promise it, and the cards of the plugins that do nothing
// yet (NOT_BUILT) say so first. Moderation (cases, the
// lockdown) is built since issue 21, the custom bot (lib/custom-bot/) too, emojis and webhooks since
// issue 24: the landing page may name them.

type Json = { [key: string]: string | Json };
const load = (...parts: string[]) => JSON.parse(readFileSync(path.join(process.cwd(), "messages", ...parts), "utf8")) as Json;
const strings = (node: Json | string): string[] => (typeof node === "string" ? [node] : Object.values(node).flatMap(strings));

/** Written the same in every language. */
const UNBUILT = /\bWeb ?3\b/i;

/** Plugins whose settings do nothing yet: their cards open with this. */
const NOT_YET = NOT_BUILT.plugins;
const NOT_YET_OPENING: Record<Locale, string> = {
  en: "Not available yet",
  fr: "Pas encore disponible",
  de: "Noch nicht verfügbar",
  es: "Aún no disponible",
  pt: "Ainda não disponível",
  ru: "Пока недоступно",
  tr: "Henüz kullanılamıyor",
  ar: "غير متاح بعد",
  tw: "尚未開放",
};

describe.each(LOCALES)("claims in %s", (locale) => {
  const ui = load(`${locale}.json`);
  const plugins = load("plugins", `${locale}.json`);
  const description = (id: string) => (plugins[id] as Json).description as string;

  it("the landing page and its description promise nothing unbuilt, and no users", () => {
    const texts = [...strings(ui.landing!), (ui.meta as Json).description as string];
    expect(texts.filter((text) => UNBUILT.test(text))).toEqual([]);
    expect(Object.keys(ui.landing!)).not.toContain("stats");
  });

  it("no plugin card promises an unbuilt feature; the plugins that do nothing yet say so", () => {
    const built = PLUGIN_IDS.filter((id) => !NOT_YET.includes(id));
    expect(built.map(description).filter((text) => UNBUILT.test(text))).toEqual([]);
    for (const id of NOT_YET) expect({ id, opening: description(id).startsWith(NOT_YET_OPENING[locale]) }).toEqual({ id, opening: true });
  });

  it("the premium page offers the custom bot add-on as available, with its price", () => {
    const shop = (ui.premium as Json).shop as Json;
    const notYet = NOT_YET_OPENING[locale].toLowerCase();
    expect((shop.customBot as string).toLowerCase()).not.toContain(notYet);
    expect(((shop.chooser as Json).customBot as string).toLowerCase()).not.toContain(notYet);
    expect((shop.chooser as Json).customBot).toContain("{price}");
  });
});
