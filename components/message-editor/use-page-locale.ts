"use client";

import { useParams } from "next/navigation";
import { LANGUAGES, localeOr } from "@/lib/i18n/locales";

/**
 * The page's language as a BCP 47 tag, from the route's `[locale]` segment: the same on the
 * server and in the browser, so dates drawn with it hydrate without a mismatch.
 */
export function usePageLocale(): string {
  const locale = useParams<{ locale?: string }>()?.locale;
  return LANGUAGES[localeOr(locale)].tag;
}
