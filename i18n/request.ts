import { getRequestConfig } from "next-intl/server";
import { localeOr } from "@/lib/i18n/locales";

// UI strings live in messages/<locale>.json; plugin names, descriptions and
// field labels in messages/plugins/<locale>.json (namespace "plugins").
export default getRequestConfig(async ({ requestLocale }) => {
  const requested = await requestLocale;
  const locale = localeOr(requested);
  const [ui, plugins] = await Promise.all([import(`../messages/${locale}.json`), import(`../messages/plugins/${locale}.json`)]);
  return { locale, messages: { ...ui.default, plugins: plugins.default } };
});
