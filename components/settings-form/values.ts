import type { NeedLabels } from "@/lib/plugins/needed-fields";
import type { FieldErrors, FieldTexts, FormField, FormSpec, PickerChannel, Values } from "./types";

// Pure helpers shared by the config form and the collection dialogs (and their tests).

/** Structural equality of JSON values; key order does not matter. */
export function isEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => isEqual(item, b[index]));
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  return keys.length === Object.keys(right).length && keys.every((key) => key in right && isEqual(left[key], right[key]));
}

/** Keys of `draft` whose value differs from `saved`: a PATCH sends only these. */
export function changedKeys(saved: Values, draft: Values): string[] {
  return Object.keys(draft).filter((key) => !isEqual(saved[key], draft[key]));
}

export function pick(values: Values, keys: readonly string[]): Values {
  return Object.fromEntries(keys.map((key) => [key, values[key]]));
}

/** The `fields` of a 400 `validation_failed` body as path → message. */
export function fieldErrorsOf(body: unknown): FieldErrors {
  const fields = (body as { fields?: unknown } | undefined)?.fields;
  if (!Array.isArray(fields)) return {};
  const errors: FieldErrors = {};
  for (const entry of fields) {
    const { path, message } = (entry ?? {}) as { path?: unknown; message?: unknown };
    if (typeof path === "string" && typeof message === "string" && !(path in errors)) errors[path] = message;
  }
  return errors;
}

/** The error shown beside a field: its own, else the first one reported inside it ("roles.2"). */
export function errorFor(errors: FieldErrors, path: string, field: FormField): string | undefined {
  if (errors[path]) return errors[path];
  // Object lists show their row errors on the rows themselves.
  if (field.type === "object-array") return undefined;
  const nested = Object.keys(errors).find((key) => key.startsWith(`${path}.`));
  return nested ? errors[nested] : undefined;
}

/** Channels of these types, in position order (the picker's list). */
export function channelsOfTypes(channels: readonly PickerChannel[], types: readonly number[]): PickerChannel[] {
  return channels.filter((channel) => types.includes(channel.type)).sort((a, b) => a.position - b.position);
}

export function hexOf(color: number): string {
  return `#${Math.max(0, Math.min(0xffffff, Math.trunc(color))).toString(16).padStart(6, "0")}`;
}

/** "#4f7cff" or "4F7CFF" → 0x4f7cff; null for anything else. */
export function colorOf(hex: string): number | null {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  return match ? parseInt(match[1]!, 16) : null;
}


/** A new, empty row of an object list (or a new item): every field at its default, or an empty value of its type. */
export function emptyRow(fields: readonly FormField[]): Values {
  return Object.fromEntries(fields.map((field) => [field.name, field.default != null ? structuredClone(field.default) : emptyValue(field)]));
}

function emptyValue(field: FormField): unknown {
  if (field.nullable) return null;
  switch (field.type) {
    case "boolean":
      return false;
    case "array":
    case "object-array":
      return [];
    case "enum":
      return field.options?.[0] ?? "";
    case "integer":
    case "number":
      return field.min ?? 0;
    default:
      // Required ids (a channel, a role) stay empty so the server names the missing field.
      return "";
  }
}

/** "join_channel_id" → "Join channel id": a readable fallback while a label is missing. */
export function humanize(name: string): string {
  const words = name.replace(/[_-]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A field's label as the form shows it ("rewards.role_id" for a row's field). */
export function labelOf(texts: FieldTexts, path: string): string {
  return texts[path]?.label ?? humanize(path.split(".").pop() ?? path);
}

/** What the form's needed fields are named with: the labels it shows (lib/plugins/needed-fields.ts). */
export function needLabelsOf(texts: FieldTexts, plugin: string): NeedLabels {
  return { plugin, field: (name) => labelOf(texts, name), option: (name, value) => texts[name]?.options?.[value] ?? value };
}

/** The spec's fields in the order FieldsEditor draws them: those in no section first, then each section's. */
export function drawnOrder(spec: FormSpec): FormField[] {
  if (!spec.sections) return spec.fields;
  const grouped = spec.sections.flatMap((section) => section.fields);
  const byName = new Map(spec.fields.map((field) => [field.name, field]));
  return [...spec.fields.filter((field) => !grouped.includes(field.name)), ...grouped.flatMap((name) => byName.get(name) ?? [])];
}

/** The first error from the top of the form, with its field's label, and how many other fields have one. */
export function firstProblem(errors: FieldErrors, fields: readonly FormField[], texts: FieldTexts): { field: string; message: string; others: number } | null {
  const paths = Object.keys(errors);
  const withError = fields.filter((field) => paths.some((path) => path === field.name || path.startsWith(`${field.name}.`)));
  const first = withError[0];
  if (!first) return null;
  const path = paths.find((candidate) => candidate === first.name) ?? paths.find((candidate) => candidate.startsWith(`${first.name}.`))!;
  return { field: labelOf(texts, first.name), message: errors[path]!, others: withError.length - 1 };
}
