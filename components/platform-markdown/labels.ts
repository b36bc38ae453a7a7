import "server-only";
import { getTranslations } from "next-intl/server";
import type { Locale } from "@/lib/i18n/locales";
import type { MarkdownLabels } from "./types";

/** Markdown's strings for one locale, for pages that draw previews. */
export async function getMarkdownLabels(locale: Locale): Promise<MarkdownLabels> {
  const t = await getTranslations({ locale, namespace: "markdown" });
  return { spoiler: t("spoiler") };
}
