"use client";

import { useParams } from "next/navigation";
import { localeOr } from "@/lib/i18n/locales";
import { premiumHref } from "@/lib/premium/href";

/** The premium page for the server whose dashboard this is: the route (/{locale}/dashboard/{guildId}/…) names both. */
export function usePremiumHref(): string {
  const params = useParams<{ locale?: string; guildId?: string }>();
  const locale = localeOr(params?.locale);
  return premiumHref(locale, params?.guildId);
}
