import { LANGUAGES, type Locale } from "./locales";

// A language named in the reader's language ("anglais" on a French page), from Intl.DisplayNames,
// wherever a language is a value on a page: inside a sentence, a list of choices, a change in
// the audit log. The language switcher alone names each language in itself (its own
// name, "Français"), so a reader who cannot read the page still finds theirs. Client-safe.

/**
 * What each of our languages is called: the language, not the region our tag picks for
 * formatting (pt-BR's dates, but "Portuguese"), except Chinese, whose script is the difference.
 */
const NAMED: Record<Locale, string> = { en: "en", fr: "fr", es: "es", de: "de", tr: "tr", ar: "ar", pt: "pt", tw: "zh-Hant", ru: "ru" };

/** The name as it reads inside a sentence: lower case where the language writes it so ("envoyé en anglais"). */
export function languageName(language: Locale, reader: Locale): string {
  return new Intl.DisplayNames([LANGUAGES[reader].tag], { type: "language" }).of(NAMED[language]) ?? LANGUAGES[language].name;
}

/** The name as it reads on its own, in a list of choices or as a value: its first letter a capital ("Anglais"). */
export function languageLabel(language: Locale, reader: Locale): string {
  const name = languageName(language, reader);
  return name.charAt(0).toLocaleUpperCase(LANGUAGES[reader].tag) + name.slice(1);
}
