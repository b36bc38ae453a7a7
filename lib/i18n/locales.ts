// Supported languages (spec 3 "Language entry"). Safe for the browser.

export const LOCALES = ["en", "fr", "es", "de", "tr", "ar", "pt", "tw", "ru"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/** Cookie that remembers the language a user picked in the switcher. */
export const LOCALE_COOKIE = "NEXT_LOCALE";

export type LanguageEntry = {
  short: Locale;
  /** Platform locale code (spec 3). */
  code: string;
  /** BCP 47 tag for `lang`, `hreflang` and Intl. */
  tag: string;
  name: string;
  flag: string;
  dir: "ltr" | "rtl";
  privacyPath: string;
  termsPath: string;
};

const entry = (short: Locale, code: string, tag: string, name: string, flag: string, dir: "ltr" | "rtl" = "ltr"): LanguageEntry => ({
  short,
  code,
  tag,
  name,
  flag,
  dir,
  privacyPath: `/privacy.html?lang=${short}`,
  termsPath: `/terms.html?lang=${short}`,
});

export const LANGUAGES: Record<Locale, LanguageEntry> = {
  en: entry("en", "en_US", "en-US", "English", "🇺🇸"),
  fr: entry("fr", "fr_FR", "fr-FR", "Français", "🇫🇷"),
  es: entry("es", "es_ES", "es-ES", "Español", "🇪🇸"),
  de: entry("de", "de_DE", "de-DE", "Deutsch", "🇩🇪"),
  tr: entry("tr", "tr_TR", "tr-TR", "Türkçe", "🇹🇷"),
  ar: entry("ar", "ar_SA", "ar-SA", "العربية", "🇸🇦", "rtl"),
  pt: entry("pt", "pt_BR", "pt-BR", "Português", "🇧🇷"),
  tw: entry("tw", "zh_TW", "zh-TW", "繁體中文", "🇹🇼"),
  ru: entry("ru", "ru_RU", "ru-RU", "Русский", "🇷🇺"),
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** The locale a route segment, cookie or setting names, or the default one for anything else. */
export function localeOr(value: unknown): Locale {
  return isLocale(value) ? value : DEFAULT_LOCALE;
}
