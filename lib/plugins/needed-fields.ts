import type { z } from "zod";
import { sameValue } from "@/lib/json/same-value";
import type { IssueCode, IssueParams } from "@/lib/validation/issues";
import type { FieldMeta, NeededOption, NeededWhen } from "./types";

// What a field must be filled in for (FieldMeta.neededWhen): the welcome channel while welcome
// messages are on, the announcement channel once level-ups go to a chosen channel. Every write
// of a config or an item checks it on the server (lib/plugins/needs-check.ts), and the forms
// check it with the very same function as the owner types. Client-safe: no I/O here.

/** A config or item as a write finds it (`values` null for an item not created yet) or leaves it. */
export type NeedState = { enabled: boolean; values: Record<string, unknown> | null };

/**
 * A field left empty although needed, and why the write is refused: the plugin is being turned
 * on, it is on and needs the field, or an option of the same config or item needs it.
 */
export type UnmetNeed = { field: string; need: NeededWhen; why: "turning_on" | "while_on" | "option" };

/** Nothing the bot could use: no value, blank text, an empty list. */
export function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === "string" && value.trim() === "") || (Array.isArray(value) && value.length === 0);
}

/** The fields of a config or item schema that something needs, in schema order. */
export function neededFields(schema: z.ZodObject): Array<[field: string, need: NeededWhen]> {
  return Object.entries(schema.shape as Record<string, z.ZodType>).flatMap(([name, field]) => {
    const need = ((field.meta() ?? {}) as FieldMeta).neededWhen;
    return need ? [[name, need] as [string, NeededWhen]] : [];
  });
}

/** Whether the option is chosen: the switch on, the field filled in, or one of the modes picked. */
export function optionHolds(option: NeededOption, value: unknown): boolean {
  if (option.is === true) return value === true;
  if (option.is === "filled") return !isEmpty(value);
  // A mode, or a list of them (an automod rule's actions) holding one of `is`.
  if (Array.isArray(value)) return value.some((item) => typeof item === "string" && (option.is as readonly string[]).includes(item));
  return typeof value === "string" && option.is.includes(value);
}

/**
 * The needs `after` leaves unmet that this write causes: everything the plugin needs when it
 * is being turned on, a field emptied, or an option chosen without what it needs (with the
 * plugin on or off: the option is wrong either way). A need left unmet by earlier writes does
 * not block unrelated changes, so an old config can still be edited field by field.
 */
export function unmetNeeds(schema: z.ZodObject, before: NeedState, after: NeedState): UnmetNeed[] {
  // Turning a plugin off is never refused: it is the owner's way out of a plugin misbehaving, and
  // what the revert of "turned it on" writes (the defaults it had, which may lack an option's field).
  if (before.enabled && !after.enabled) return [];
  const values = after.values ?? {};
  const turningOn = after.enabled && !before.enabled;
  const changed = (field: string) => before.values === null || !sameValue(before.values[field], values[field]);
  return neededFields(schema).flatMap(([field, need]) => {
    if (!isEmpty(values[field])) return [];
    if (need === true ? !after.enabled : !optionHolds(need, values[need.field])) return [];
    if (!turningOn && !changed(field) && (need === true || !changed(need.field))) return [];
    const why: UnmetNeed["why"] = turningOn ? "turning_on" : need === true ? "while_on" : "option";
    return [{ field, need, why }];
  });
}

/** Names in the reader's language: the plugin, a field's label, the label of one of its options. */
export type NeedLabels = { plugin: string; field: (name: string) => string; option: (name: string, value: string) => string };

/** The issue of an unmet need, its sentence naming the field (and the option that needs it). */
export function needIssue(unmet: UnmetNeed, values: Record<string, unknown>, labels: NeedLabels): { path: string; code: IssueCode; params: IssueParams } {
  const field = labels.field(unmet.field);
  if (unmet.why === "turning_on") return { path: unmet.field, code: "needed_to_run", params: { field, plugin: labels.plugin } };
  if (unmet.why === "while_on" || unmet.need === true) return { path: unmet.field, code: "needed_while_on", params: { field, plugin: labels.plugin } };
  const { field: name, is } = unmet.need;
  const option = is === true || is === "filled" ? labels.field(name) : labels.option(name, String(values[name]));
  return { path: unmet.field, code: "needed_for_option", params: { field, option } };
}
