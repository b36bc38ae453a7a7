import { embedProblems, type LimitProblem } from "@/lib/platform-messages/limits";
import { fill } from "@/lib/i18n/fill";
import type { EmbedDraft } from "@/lib/plugins/embed-payload";
import type { EmbedBuilderLabels } from "./types";

// Pure editing rules of the embed builder: every change keeps the value storable (no empty
// links, no empty optional objects), so what the builder holds is what the server validates.

export type EmbedField = NonNullable<EmbedDraft["fields"]>[number];
type TextKey = "title" | "url" | "description";
type Part = "author" | "footer" | "image" | "thumbnail";

/** Reads a value list of unknown shape (stored JSON) as drafts. */
export function asDrafts(value: unknown): EmbedDraft[] {
  return Array.isArray(value) ? value.map((embed) => (embed && typeof embed === "object" && !Array.isArray(embed) ? (embed as EmbedDraft) : {})) : [];
}

/** A new embed: the guild's default colour when it has one. */
export function blankEmbed(color: number | null | undefined): EmbedDraft {
  return color === null || color === undefined ? {} : { color };
}

export const blankField = (): EmbedField => ({ name: "", value: "", inline: false });

/** Sets or clears (empty text) one top-level text of an embed. */
export function withText(embed: EmbedDraft, key: TextKey, text: string): EmbedDraft {
  const next = { ...embed };
  if (text === "") delete next[key];
  else next[key] = text;
  return next;
}

export function withColor(embed: EmbedDraft, color: number | null): EmbedDraft {
  const next = { ...embed };
  if (color === null) delete next.color;
  else next.color = color;
  return next;
}

/**
 * Sets one part of an object (author name, footer icon, image url…). The object goes away
 * once all of it is empty; links are dropped when empty, names and texts stay ("" is valid).
 */
export function withPart(embed: EmbedDraft, part: Part, key: string, text: string): EmbedDraft {
  const current: Record<string, string> = { ...((embed[part] as Record<string, string> | undefined) ?? {}) };
  if (text === "") delete current[key];
  else current[key] = text;
  const next = { ...embed };
  const main = part === "author" ? "name" : part === "footer" ? "text" : "url";
  if (Object.values(current).every((value) => value === "")) delete next[part];
  else if (main === "url") next[part] = { url: current.url ?? "" } as never;
  else next[part] = { ...current, [main]: current[main] ?? "" } as never;
  return next;
}

export function withTimestamp(embed: EmbedDraft, timestamp: string | null): EmbedDraft {
  const next = { ...embed };
  if (timestamp === null) delete next.timestamp;
  else next.timestamp = timestamp;
  return next;
}

export function withFields(embed: EmbedDraft, fields: EmbedField[]): EmbedDraft {
  const next = { ...embed };
  if (fields.length === 0) delete next.fields;
  else next.fields = fields;
  return next;
}

/** The list with the item at `from` moved to `to` (both in range). */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

/** "2030-01-02T03:04:05.000Z" → "2030-01-02T04:04" in the browser's zone (a datetime-local value). */
export function toLocalInput(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local value (the browser's zone) as ISO 8601 UTC; null when incomplete. */
export function fromLocalInput(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}


/**
 * Fills a counter template ("{count} / {max} fields"). The "{count} / {max}" pair is kept
 * left to right as one unit (an isolate), so right-to-left text does not show "256 / 7".
 */
export function fillCount(template: string, count: number, max: number): string {
  return fill(template.replace("{count} / {max}", "\u2066{count} / {max}\u2069"), { count, max });
}

/** The translated sentence for a broken limit. */
export function limitText(labels: EmbedBuilderLabels, problem: Pick<LimitProblem, "rule" | "limit" | "actual">): string {
  const template = problem.rule === "content" ? undefined : labels.limits[problem.rule];
  return template ? fill(template, { limit: problem.limit, actual: problem.actual }) : "";
}

/** One embed's broken limits by path relative to the embed ("title", "fields.2.value", "" for the total). */
export function problemsByPath(embed: EmbedDraft): Map<string, LimitProblem> {
  return new Map(embedProblems(embed).map((problem) => [problem.path, problem]));
}
