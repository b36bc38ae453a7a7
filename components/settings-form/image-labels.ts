import "server-only";
import { getTranslations } from "next-intl/server";
import type { Locale } from "@/lib/i18n/locales";
import type { ImageFieldData, ImageFieldLabels } from "./image-control";

const KEYS = ["upload", "replace", "remove", "uploading", "uploaded", "removed", "current", "none", "hint"] as const;
const ERRORS = ["type", "size", "dimensions", "damaged", "frames", "storage", "failed"] as const;

/** What image fields (`ui: "image"`) of one plugin's forms need: where uploads go, and their strings. */
export async function getImageFieldData(locale: Locale, guildId: string, pluginId: string): Promise<ImageFieldData> {
  const t = await getTranslations({ locale, namespace: "imageField" });
  const labels = {
    ...Object.fromEntries(KEYS.map((key) => [key, t(key)])),
    errors: Object.fromEntries(ERRORS.map((key) => [key, t(`errors.${key}`)])),
  } as ImageFieldLabels;
  return { guildId, pluginId, labels };
}
