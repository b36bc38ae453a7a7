import { languageLabel, languageName } from "./language-name";
import { LOCALES } from "./locales";

// Languages are named in the reader's language, not in English and not in themselves.

it("names a language in the reader's language, as it reads inside a sentence", () => {
  expect(languageName("en", "fr")).toBe("anglais");
  expect(languageName("de", "de")).toBe("Deutsch");
  expect(languageName("pt", "en")).toBe("Portuguese");
  expect(languageName("tw", "fr")).toBe("chinois traditionnel");
  expect(languageName("en", "ar")).toBe("الإنجليزية");
});

it("capitalises the name standing on its own, where the reader's language has capitals", () => {
  expect(languageLabel("en", "fr")).toBe("Anglais");
  expect(languageLabel("ru", "ru")).toBe("Русский");
  expect(languageLabel("fr", "tw")).toBe("法文");
});

it("gives each of our languages its own name in every reader's language", () => {
  for (const reader of LOCALES) expect(new Set(LOCALES.map((language) => languageName(language, reader))).size).toBe(LOCALES.length);
});
