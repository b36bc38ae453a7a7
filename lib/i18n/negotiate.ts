import { DEFAULT_LOCALE, isLocale, type Locale } from "./locales";

/**
 * Spec 5: URL segment, then stored preference, then the browser language's
 * first two letters, then English. Only the first Accept-Language entry counts,
 * as the spec reads "browser language" (one value).
 */
export function negotiateLocale(input: {
  pathname: string;
  storedPreference?: string | null;
  acceptLanguage?: string | null;
}): Locale {
  const segment = firstSegment(input.pathname);
  if (isLocale(segment)) return segment;
  if (isLocale(input.storedPreference)) return input.storedPreference;
  const browser = input.acceptLanguage?.split(",")[0]?.trim().slice(0, 2).toLowerCase();
  if (isLocale(browser)) return browser;
  return DEFAULT_LOCALE;
}

export function firstSegment(pathname: string): string {
  return pathname.split("/").find((part) => part !== "") ?? "";
}

/** The path without its locale segment: `/fr/dashboard` → `/dashboard`. */
export function stripLocale(pathname: string): string {
  const segment = firstSegment(pathname);
  if (!isLocale(segment)) return pathname;
  const rest = pathname.slice(pathname.indexOf(segment) + segment.length);
  return rest === "" ? "/" : rest;
}
