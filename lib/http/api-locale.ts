import type { NextRequest } from "next/server";
import { LOCALE_COOKIE, isLocale, type Locale } from "@/lib/i18n/locales";
import { negotiateLocale } from "@/lib/i18n/negotiate";

/** Sent by the dashboard's fetch wrapper: the language of the page making the call. */
export const LOCALE_HEADER = "x-guildhall-locale";

/** The language an API answer speaks: the calling page's, else the stored preference, else the browser's. */
export function apiLocale(req: Pick<NextRequest, "headers" | "cookies">): Locale {
  const page = req.headers.get(LOCALE_HEADER);
  if (isLocale(page)) return page;
  return negotiateLocale({ pathname: "/", storedPreference: req.cookies.get(LOCALE_COOKIE)?.value, acceptLanguage: req.headers.get("accept-language") });
}
