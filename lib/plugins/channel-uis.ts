import type { FieldUi } from "./types";

// The channel pickers and the channel types each accepts: the one list the settings form, the
// reference check of every write (lib/plugins/rules.ts) and the pages read. Client-safe, with the
// platform's type numbers written out (0 text, 2 voice, 4 category, 13 stage) so the browser does
// not load discord-api-types for them.

const TYPES_BY_UI = {
  /** Spec 3: the channel picker lists text channels (type 0). */
  channel: [0],
  channels: [0],
  voice_channel: [2, 13],
  category_channel: [4],
  categories: [4],
  /** A lockdown closes text channels to writing and voice and stage channels to joining too. */
  lockdown_channels: [0, 2, 13],
} satisfies Partial<Record<FieldUi, readonly number[]>>;

export type ChannelUi = keyof typeof TYPES_BY_UI;
export const CHANNEL_TYPES_BY_UI: Readonly<Record<ChannelUi, readonly number[]>> = TYPES_BY_UI;

export function isChannelUi(ui: FieldUi | undefined): ui is ChannelUi {
  return ui !== undefined && ui in CHANNEL_TYPES_BY_UI;
}

/** The channel types a picker accepts; none for a field that is no channel picker. */
export function channelTypesOf(ui: FieldUi | undefined): readonly number[] {
  return isChannelUi(ui) ? CHANNEL_TYPES_BY_UI[ui] : [];
}
