import { DEFAULT_LOCALE, isLocale, type Locale } from "@/lib/i18n/locales";

// The language the bot speaks on a guild: the one its managers chose on the dashboard
// (guild settings `locale`), else the guild's own preferred locale on the platform
// ("fr", "pt-BR", "zh-TW"…), else English.

/** Our locale for a platform locale tag; null when we do not speak it. */
export function fromPlatformLocale(tag: string | null | undefined): Locale | null {
  if (!tag) return null;
  const lower = tag.toLowerCase();
  if (lower === "zh-tw") return "tw";
  const language = lower.split("-")[0];
  return isLocale(language) ? language : null;
}

export function guildLanguage(chosen: string | null | undefined, platformLocale: string | null | undefined): Locale {
  if (isLocale(chosen)) return chosen;
  return fromPlatformLocale(platformLocale) ?? DEFAULT_LOCALE;
}
