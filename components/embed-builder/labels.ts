import "server-only";
import { getTranslations } from "next-intl/server";
import { getMarkdownLabels } from "@/components/platform-markdown/labels";
import { LANGUAGES, type Locale } from "@/lib/i18n/locales";
import type { EmbedBuilderLabels } from "./types";

const KEYS = [
  "embed", "addEmbed", "removeEmbed", "moveEmbedUp", "moveEmbedDown", "embedCount", "embedTotal", "messageTotal",
  "field", "addField", "removeField", "moveFieldUp", "moveFieldDown", "fieldCount", "moveUp", "moveDown", "remove",
  "name", "link", "iconLink", "text", "timestampNone", "timestampNow", "timestampDate", "timestampDateLabel", "today", "preview", "previewEmpty",
] as const;
const LIMIT_KEYS = ["title", "description", "fields", "fieldName", "fieldValue", "footer", "authorName", "total", "messageTotal", "embedsPerMessage"] as const;

/** The embed builder's strings for one locale; templates go over raw, the island fills `{count}`, `{limit}`… itself. */
export async function getEmbedBuilderLabels(locale: Locale): Promise<EmbedBuilderLabels> {
  const [t, markdown] = await Promise.all([getTranslations({ locale, namespace: "embedBuilder" }), getMarkdownLabels(locale)]);
  const raw = (key: string) => t.raw(key) as string;
  return {
    ...(Object.fromEntries(KEYS.map((key) => [key, raw(key)])) as Omit<EmbedBuilderLabels, "limits" | "locale" | "markdown">),
    locale: LANGUAGES[locale].tag,
    limits: Object.fromEntries(LIMIT_KEYS.map((key) => [key, raw(`limits.${key}`)])) as EmbedBuilderLabels["limits"],
    markdown,
  };
}
