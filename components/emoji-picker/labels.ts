import "server-only";
import { getTranslations } from "next-intl/server";
import { getEnv } from "@/lib/env";
import type { Locale } from "@/lib/i18n/locales";
import { EMOJI_GROUPS } from "./data-format";
import type { EmojiPickerData, EmojiPickerLabels } from "./types";
import { emojiDataUrl } from "./unicode-data";

const KEYS = [
  "choose", "current", "none", "clear", "search", "searchPlaceholder", "serverEmojis", "loading", "loadFailed",
  "customLoading", "customFailed", "retry", "noMatches", "results", "animated", "unavailable", "noCustom",
] as const;

/** The picker's data for one guild and language; templates go over raw, the island fills `{name}` and `{count}`. */
export async function getEmojiPickerData(locale: Locale, guildId: string): Promise<EmojiPickerData> {
  const t = await getTranslations({ locale, namespace: "emojiPicker" });
  const raw = (key: string) => t.raw(key) as string;
  const labels = {
    ...Object.fromEntries(KEYS.map((key) => [key, raw(key)])),
    groups: Object.fromEntries(EMOJI_GROUPS.map((group) => [group, raw(`groups.${group}`)])),
  } as EmojiPickerLabels;
  return { guildId, cdnBase: getEnv().DISCORD_CDN_URL, dataUrl: emojiDataUrl(locale), labels };
}
