// Shapes the settings form islands receive from server pages. The form spec itself
// is plain JSON built on the server (lib/plugins/form-spec.ts), so no zod reaches the browser.

export type { FormField, FormSpec } from "@/lib/plugins/form-spec";
export type { PickerChannel, PickerRole } from "@/lib/guilds/pickers";
import type { PickerChannel, PickerRole } from "@/lib/guilds/pickers";
import type { PickerLabels } from "@/components/pickers/labels";

export type Values = Record<string, unknown>;

/** Label and help of one field, keyed by field path ("join_message", "rewards.role_id"). */
export type FieldText = { label: string; help?: string; options?: Record<string, string> };
export type FieldTexts = Record<string, FieldText>;

export type Pickers = { channels: PickerChannel[]; roles: PickerRole[] };

/** Every UI string the form controls need; templates use {name}-style placeholders. */
export type FormLabels = {
  none: string;
  search: string;
  noMatches: string;
  remove: string;
  add: string;
  addItem: string;
  removeItem: string;
  item: string;
  premium: string;
  freeMax: string;
  characters: string;
  unknownChannel: string;
  unknownRole: string;
  /** How a voice or stage channel's mark reads to a screen reader in the channel pickers. */
  channelKinds: { voice: string; stage: string };
  colorHex: string;
  clearColor: string;
  reasons: { above_bot: string; managed: string; everyone: string };
  /** "+ Create role" in role pickers: the entry, the progress and the result, each with {name}. */
  createRole?: { option: string; busy: string; done: string };
  on: string;
  off: string;
  /** Under a message still at its default: "{language}" is the guild's language. */
  defaultText: string;
  /** Date-time, time-zone and colour pickers; sent only to pages whose forms have such fields. */
  pickers?: PickerLabels;
  /** The lines that say what Premium changes, with a link to the premium page; without them the plain lines above are shown. */
  premiumOffer?: PremiumOfferLabels;
};

/** Templates take {free} and {premium}; `listLimits` holds each collection's premium item limit by listKey (lib/premium/list-key.ts). */
export type PremiumOfferLabels = {
  link: string;
  /** Under a premium-only field. */
  field: string;
  /** Under a field with a free size (`freeMax`). */
  fieldLimit: string;
  /** The same, for a field with no maximum of its own. */
  fieldLimitOpen: string;
  /** A collection full at the free limit. */
  listLimit: string;
  /** Beside a collection's count on a free server, linking to the premium page: "Premium: up to {premium}". */
  listUpsell: string;
  listLimits: Record<string, number>;
};

/** Errors of a 400 `validation_failed`, keyed by the field path the server reports. */
export type FieldErrors = Record<string, string>;
