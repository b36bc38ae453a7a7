/** @jest-environment node */
// Default bot messages: stored as keys, drawn in the guild's language; every key a plugin
// uses has a sentence in each language, translated, with the same variables as the English.
import { LOCALES } from "@/lib/i18n/locales";
import { fromPlatformLocale, guildLanguage } from "@/lib/guilds/guild-language";
import { defaultTexts, rankCardWords } from "@/lib/plugins/default-texts";
import { PLUGINS } from "@/lib/plugins/index";
import { sampleContext } from "./context";
import { defaultKeyOf, defaultMessage, withDefaultText } from "./default-messages";
import { renderTemplate } from "./render";

/** Every key a plugin's defaults use, from the schemas' own defaults (config and items). */
const usedKeys = PLUGINS.flatMap((plugin) => {
  const config = plugin.configSchema.parse({}) as Record<string, unknown>;
  return Object.entries(config).flatMap(([field, value]) => {
    const key = defaultKeyOf(value);
    return key ? [{ plugin: plugin.id, field, key }] : [];
  });
});

const variables = (text: string) => [...text.matchAll(/\{[^{}]+\}/g)].map((match) => match[0]).sort();

test("the plugins' written defaults are keys, named after their plugin and field", () => {
  expect(usedKeys.length).toBeGreaterThanOrEqual(20);
  for (const { plugin, field, key } of usedKeys) expect(key).toBe(`${plugin}.${field}`);
});

test.each(LOCALES)("%s has every default, translated, with the English variables", (locale) => {
  const texts = defaultTexts(locale);
  const english = defaultTexts("en");
  for (const { key } of usedKeys) {
    const text = texts[key];
    expect({ key, present: typeof text === "string" && text.trim() !== "" }).toEqual({ key, present: true });
    expect({ key, variables: variables(text!) }).toEqual({ key, variables: variables(english[key]!) });
    if (locale !== "en") expect({ key, translated: text !== english[key] }).toEqual({ key, translated: true });
  }
});

test("a stored key becomes the text of the guild's language; written text stays as written", () => {
  const french = defaultTexts("fr");
  expect(withDefaultText(defaultMessage("welcome.leave_message"), french)).toBe("{user.name} a quitté le serveur.");
  expect(withDefaultText("Bye {user.name}", french)).toBe("Bye {user.name}");
  expect(withDefaultText(defaultMessage("nope.nothing"), french)).toBe("");
  expect(withDefaultText(defaultMessage("welcome.leave_message"), undefined)).toBe("");
  expect(defaultKeyOf("$default:welcome.join_message")).toBe("welcome.join_message");
  expect(defaultKeyOf("Welcome!")).toBeNull();
});

test("rendering draws a default in the context's language, variables filled", () => {
  const guild = { id: "584327784348909864", name: "Atelier", icon: null, owner_id: "1", member_count: 87 };
  const user = { id: "158954752913309807", username: "ada", avatar: null };
  const arabic = sampleContext(guild, user, { cdnBase: "https://cdn.example", defaults: defaultTexts("ar") });
  expect(renderTemplate(defaultMessage("welcome.join_message"), arabic)).toBe("مرحبًا بك يا <@158954752913309807> في Atelier! أنت العضو رقم 87.");
  const none = sampleContext(guild, user, { cdnBase: "https://cdn.example" });
  expect(renderTemplate("Hi {user.name}", none)).toBe("Hi ada");
});

test("the guild's language: the managers' choice, else the platform's locale, else English", () => {
  expect(guildLanguage("ar", "fr")).toBe("ar");
  expect(guildLanguage(null, "fr")).toBe("fr");
  expect(guildLanguage(null, "pt-BR")).toBe("pt");
  expect(guildLanguage(null, "zh-TW")).toBe("tw");
  expect(guildLanguage(null, "zh-CN")).toBe("en");
  expect(guildLanguage(null, "ja")).toBe("en");
  expect(guildLanguage("xx", undefined)).toBe("en");
  expect(fromPlatformLocale("es-ES")).toBe("es");
  expect(fromPlatformLocale("en-GB")).toBe("en");
});

test.each(LOCALES)("%s has the rank card's words, and its direction", (locale) => {
  const words = rankCardWords(locale);
  expect(words.rank.trim()).not.toBe("");
  expect(words.level.trim()).not.toBe("");
  expect(words.dir).toBe(locale === "ar" ? "rtl" : "ltr");
});

test("the rank card speaks French and Arabic on guilds that do", () => {
  expect(rankCardWords("en")).toEqual({ rank: "RANK", level: "LEVEL", dir: "ltr" });
  expect(rankCardWords("fr")).toEqual({ rank: "RANG", level: "NIVEAU", dir: "ltr" });
  expect(rankCardWords("ar")).toEqual({ rank: "الترتيب", level: "المستوى", dir: "rtl" });
});
