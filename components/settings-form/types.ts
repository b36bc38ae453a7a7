// Shapes the settings form islands receive from server pages. The form spec itself
// is plain JSON built on the server (lib/plugins/form-spec.ts), so no zod reaches the browser.
import type { FieldUi } from "@/lib/plugins/types";

export type FormFieldType = "string" | "integer" | "number" | "boolean" | "enum" | "array" | "object-array";

export type FormField = {
  name: string;
  type: FormFieldType;
  ui?: FieldUi;
  options?: string[];
  min?: number;
  max?: number;
  maxLength?: number;
  maxItems?: number;
  premium?: boolean;
  freeMax?: number;
  default: unknown;
  nullable: boolean;
  required: boolean;
  itemFields?: FormField[];
  itemType?: "string" | "enum";
  itemOptions?: string[];
};

export type FormSpec = { fields: FormField[] };

export type Values = Record<string, unknown>;

/** Label and help of one field, keyed by field path ("join_message", "rewards.role_id"). */
export type FieldText = { label: string; help?: string; options?: Record<string, string> };
export type FieldTexts = Record<string, FieldText>;

export type PickerChannel = { id: string; name: string; type: number; position: number; parent_id: string | null };
export type PickerRole = {
  id: string;
  name: string;
  color: number;
  position: number;
  mentionable: boolean;
  managed: boolean;
  assignable: boolean;
  reason?: "above_bot" | "managed" | "everyone";
};
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
  colorHex: string;
  clearColor: string;
  reasons: { above_bot: string; managed: string; everyone: string };
  on: string;
  off: string;
};

/** Errors of a 400 `validation_failed`, keyed by the field path the server reports. */
export type FieldErrors = Record<string, string>;
