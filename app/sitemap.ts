import type { MetadataRoute } from "next";
import { getEnv } from "@/lib/env";
import { LANGUAGES, LOCALES } from "@/lib/i18n/locales";
import { premiumHref } from "@/lib/premium/href";

export default function sitemap(): MetadataRoute.Sitemap {
  const base = getEnv().APP_URL;
  const alternates = (path: (code: string) => string) => ({
    languages: Object.fromEntries(LOCALES.map((code) => [LANGUAGES[code].tag, `${base}${path(code)}`])),
  });
  const pages = [
    { path: (code: string) => `/${code}`, priority: 1 },
    { path: (code: string) => premiumHref(code), priority: 0.8 },
    { path: (code: string) => `/privacy.html?lang=${code}`, priority: 0.3 },
    { path: (code: string) => `/terms.html?lang=${code}`, priority: 0.3 },
  ];
  return pages.flatMap(({ path, priority }) =>
    LOCALES.map((code) => ({ url: `${base}${path(code)}`, priority, changeFrequency: "weekly" as const, alternates: alternates(path) })),
  );
}
