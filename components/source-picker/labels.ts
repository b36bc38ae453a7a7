import "server-only";
import { getTranslations } from "next-intl/server";
import { getEnv } from "@/lib/env";
import { LANGUAGES, type Locale } from "@/lib/i18n/locales";
import type { SourcePickerLabels } from "./types";

/** The source picker's strings for one locale; templates go over raw, the island fills `{query}`, `{count}`, `{title}`. */
export async function getSourcePickerLabels(locale: Locale): Promise<SourcePickerLabels> {
  const t = await getTranslations({ locale, namespace: "sourcePicker" });
  const raw = (key: string) => t.raw(key) as string;
  return {
    locale: LANGUAGES[locale].tag,
    cdnBase: getEnv().DISCORD_CDN_URL,
    placeholder: raw("placeholder"),
    searching: raw("searching"),
    noResults: raw("noResults"),
    addressExpected: raw("addressExpected"),
    live: raw("live"),
    followers: raw("followers"),
    failures: {
      provider_unavailable: raw("failures.provider_unavailable"),
      provider_not_configured: raw("failures.provider_not_configured"),
      provider_rate_limited: raw("failures.provider_rate_limited"),
    },
    latest: { loading: raw("latest.loading"), ready: raw("latest.ready"), empty: raw("latest.empty"), failed: raw("latest.failed") },
  };
}
