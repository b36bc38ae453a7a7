import type { EmojiGroup } from "./data-format";

// What the server page hands the emoji picker (through the settings form's RowContext).
// Plain JSON: the page is cached per guild and language, so nothing here is per viewer.

export type EmojiPickerLabels = {
  choose: string;
  /** "{name}" is the current emoji's name. */
  current: string;
  none: string;
  clear: string;
  search: string;
  searchPlaceholder: string;
  serverEmojis: string;
  groups: Record<EmojiGroup, string>;
  loading: string;
  loadFailed: string;
  customLoading: string;
  customFailed: string;
  retry: string;
  noMatches: string;
  /** "{count}" is the number of matches. */
  results: string;
  /** "{name}" is the custom emoji's name. */
  animated: string;
  unavailable: string;
  noCustom: string;
};

export type EmojiPickerData = {
  /** Whose custom emojis are offered (GET /api/guilds/{guildId}/emojis). */
  guildId: string;
  cdnBase: string;
  /** The unicode emoji of the page's language (app/[locale]/emoji-data), downloaded when the picker first opens. */
  dataUrl: string;
  labels: EmojiPickerLabels;
};

/** A custom emoji as GET /api/guilds/{id}/emojis answers it. */
export type { GuildEmoji } from "@/lib/platform/bot-api";
