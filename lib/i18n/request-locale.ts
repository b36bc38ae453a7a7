import "server-only";
import { cookies, headers } from "next/headers";
import { LOCALE_COOKIE, type Locale } from "./locales";
import { negotiateLocale } from "./negotiate";

/** Language for pages outside the /{locale} tree (OAuth return pages). */
export async function localeFromRequest(): Promise<Locale> {
  const [cookieStore, headerStore] = await Promise.all([cookies(), headers()]);
  return negotiateLocale({
    pathname: "/",
    storedPreference: cookieStore.get(LOCALE_COOKIE)?.value,
    acceptLanguage: headerStore.get("accept-language"),
  });
}
