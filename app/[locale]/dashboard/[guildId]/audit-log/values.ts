import type { FieldTexts, FormField } from "@/components/settings-form/types";
import { humanize } from "../plugin-text";
import { referenceKind } from "@/lib/plugins/schema-walk";
import { defaultKeyOf } from "@/lib/templates/default-messages";

// One stored value as a person would say it, guided by the field it belongs to: channels
// and roles by name, switches as on/off, choices by their labels, colours as hex, long texts
// shortened with the whole text kept beside. Pure: names and words come from the caller.

/**
 * How a value reads: `full` holds a text that was shortened, `href` makes it a link, `more`
 * says how many list entries were left out (in the page's words and direction, apart from the entries).
 */
export type Shown = { text: string; full?: string; href?: string; swatch?: string; more?: string; missing?: true };

export type ValueWords = {
  on: string;
  off: string;
  empty: string;
  deletedChannel: string;
  deletedRole: string;
  unknownChannel: string;
  unknownRole: string;
  postedMessage: string;
  uploadedImage: string;
  /** A message still at its default (lib/templates/default-messages.ts). */
  defaultMessage: string;
  embeds: (count: number) => string;
  more: (count: number) => string;
};

export type Names = {
  /** "#general", or a voice or category channel's own name. */
  channel: (id: string) => string | undefined;
  /** "@Moderators". */
  role: (id: string) => string | undefined;
  /** False when the platform did not answer: an id it does not list is then unknown, not deleted. */
  known: boolean;
};

/** The fields of a plugin's config, of one of its collections, or of the server settings, with their labels. */
export type FieldBook = {
  fields: readonly FormField[];
  texts: FieldTexts;
  /** The field holding the id of a message the bot posted for the item, and the field naming its channel. */
  posted?: { field: string; channel: string };
};

export type ValueContext = {
  words: ValueWords;
  names: Names;
  locale: string;
  /** The platform's link to a message of this guild. */
  messageHref: (channelId: string, messageId: string) => string;
};

const MAX_TEXT = 80;
const MAX_LIST = 6;

export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** A text on one line, at most `max` characters, cut between words when one ends near the limit; `full` only when something was cut or folded. */
export function shorten(text: string, max = MAX_TEXT): Shown {
  const line = text.replace(/\s+/g, " ").trim();
  let short = line;
  if (line.length > max) {
    const cut = line.slice(0, max - 1);
    const space = cut.lastIndexOf(" ");
    short = `${(line[max - 1] !== " " && space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s.,;:]+$/, "")}…`;
  }
  return short === text ? { text: short } : { text: short, full: text };
}

/**
 * `value` of field `name` in `book`; `record` is the object holding it, for values that need a
 * sibling (a posted message's channel). Fields the book does not know read by their value alone.
 */
export function showValue(value: unknown, name: string, book: FieldBook, ctx: ValueContext, record: Record<string, unknown> = {}): Shown {
  const field = book.fields.find((candidate) => candidate.name === name);
  if (book.posted?.field === name && typeof value === "string" && value) {
    const channel = record[book.posted.channel];
    return typeof channel === "string" ? { text: ctx.words.postedMessage, href: ctx.messageHref(channel, value) } : { text: ctx.words.postedMessage };
  }
  return field ? byField(value, field, book.texts, name, ctx) : byValue(value, ctx);
}

/** Values a form leaves blank: they read as "none" and are left out of an item's summary. */
export function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || value === "" || (Array.isArray(value) && value.length === 0);
}

function byField(value: unknown, field: FormField, texts: FieldTexts, path: string, ctx: ValueContext): Shown {
  const { words } = ctx;
  if (isEmpty(value)) return { text: words.empty, missing: true };
  const ui = field.ui ?? "";
  const kind = referenceKind(field.ui);
  if (kind) {
    const one = (id: unknown) => reference(id, kind, ctx);
    return Array.isArray(value) ? list(value.map(one), words) : one(value);
  }
  if (ui === "color" && typeof value === "number") {
    const hex = `#${value.toString(16).padStart(6, "0").toUpperCase()}`;
    return { text: hex, swatch: hex };
  }
  if (ui === "embeds" && Array.isArray(value)) return { text: words.embeds(value.length) };
  if (field.type === "boolean" && typeof value === "boolean") return { text: value ? words.on : words.off };
  const option = (choice: unknown) => ({ text: texts[path]?.options?.[String(choice)] ?? humanize(String(choice)) });
  if (field.type === "enum") return option(value);
  if (field.type === "array" && Array.isArray(value)) return list(value.map((entry) => (field.itemType === "enum" ? option(entry) : byValue(entry, ctx))), words);
  if (field.type === "object-array" && Array.isArray(value)) {
    const children = field.itemFields ?? [];
    // A row of an object list reads as its values side by side ("🎮 @Gamers").
    const row = (entry: unknown): Shown => ({
      text: isRecord(entry)
        ? children
            .filter((child) => !isEmpty(entry[child.name]))
            .map((child) => byField(entry[child.name], child, texts, `${path}.${child.name}`, ctx).text)
            .join(" ")
        : byValue(entry, ctx).text,
    });
    return list(value.map(row), words);
  }
  return byValue(value, ctx);
}

/** A value without a known field: ids the guild knows read as names, anything else as compact text. */
function byValue(value: unknown, ctx: ValueContext): Shown {
  const { words } = ctx;
  if (isEmpty(value)) return { text: words.empty, missing: true };
  if (typeof value === "boolean") return { text: value ? words.on : words.off };
  if (typeof value === "number") return { text: new Intl.NumberFormat(ctx.locale).format(value) };
  if (typeof value === "string") {
    const name = ctx.names.channel(value) ?? ctx.names.role(value);
    if (name) return { text: name };
    if (value.startsWith("upload:")) return { text: words.uploadedImage };
    if (defaultKeyOf(value) !== null) return { text: words.defaultMessage };
    if (value.startsWith("preset:")) return { text: humanize(value.slice("preset:".length)) };
    return shorten(value);
  }
  if (Array.isArray(value)) return list(value.map((entry) => (isRecord(entry) ? { text: Object.values(entry).map((inner) => byValue(inner, ctx).text).join(" ") } : byValue(entry, ctx))), words);
  return shorten(JSON.stringify(value));
}

function reference(id: unknown, kind: "channel" | "role", ctx: ValueContext): Shown {
  if (typeof id !== "string") return byValue(id, ctx);
  const name = kind === "channel" ? ctx.names.channel(id) : ctx.names.role(id);
  if (name) return { text: name };
  const { words } = ctx;
  if (!ctx.names.known) return { text: kind === "channel" ? words.unknownChannel : words.unknownRole, missing: true };
  return { text: kind === "channel" ? words.deletedChannel : words.deletedRole, missing: true };
}

/** The first few entries and how many more; the whole list stays in `full` when some were left out or cut. */
function list(entries: Shown[], words: ValueWords): Shown {
  const shown = entries.slice(0, MAX_LIST).map((entry) => entry.text);
  const whole = entries.map((entry) => entry.full ?? entry.text).join(", ");
  const text = shown.join(", ");
  const more = entries.length > MAX_LIST ? { more: words.more(entries.length - MAX_LIST) } : {};
  return text === whole ? { text } : { text, ...more, full: whole };
}
