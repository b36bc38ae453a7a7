// Mentions in message text: the stored platform syntax (`<#id>`, `<@id>`, `<@!id>`, `<@&id>`)
// and the display form the editor and preview show (`#general`, `@wumpus`, `@Moderators`).
// The message editor shows mentions by name too, where a name is its own (editable-mentions.ts).
// Pure and client-safe.

export type MentionKind = "channel" | "user" | "role";

export type MentionSegment =
  | { kind: "text"; value: string }
  /** `value` is the source text (`<@!123…>`), so joining every segment's value gives the input back. */
  | { kind: MentionKind; value: string; id: string };

export type MentionLookup = {
  /** Channel name by id. */
  channel(id: string): string | undefined;
  /** Role name by id. */
  role(id: string): string | undefined;
  /** Member display name by id (nick or username, spec 3 "Editor triggers"). */
  member(id: string): string | undefined;
};

export const UNKNOWN_CHANNEL = "unknown-channel";
export const UNKNOWN_USER = "unknown-user";
export const UNKNOWN_ROLE = "unknown-role";

// Snowflakes are 17 to 20 digits (lib/platform/snowflake.ts); the platform shows `<@123>` as text.
const MENTION = /<(#|@!?|@&)(\d{17,20})>/g;

function kindOf(sigil: string): MentionKind {
  if (sigil === "#") return "channel";
  if (sigil === "@&") return "role";
  return "user";
}

/** Splits text into plain text and mentions, in order; no empty text segments. */
export function splitMentions(text: string): MentionSegment[] {
  const segments: MentionSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(MENTION)) {
    const start = match.index ?? 0;
    if (start > last) segments.push({ kind: "text", value: text.slice(last, start) });
    segments.push({ kind: kindOf(match[1] ?? ""), value: match[0], id: match[2] ?? "" });
    last = start + match[0].length;
  }
  if (last < text.length) segments.push({ kind: "text", value: text.slice(last) });
  return segments;
}

/** How one mention reads in the editor and preview: `#name` or `@name`, with placeholders for unknown ids. */
export function mentionDisplay(segment: { kind: MentionKind; id: string }, lookup: MentionLookup): string {
  switch (segment.kind) {
    case "channel":
      return `#${lookup.channel(segment.id) ?? UNKNOWN_CHANNEL}`;
    case "role":
      return `@${lookup.role(segment.id) ?? UNKNOWN_ROLE}`;
    case "user":
      return `@${lookup.member(segment.id) ?? UNKNOWN_USER}`;
  }
}

/** The text with every mention in display form; everything else unchanged. */
export function toDisplay(text: string, lookup: MentionLookup): string {
  return splitMentions(text)
    .map((segment) => (segment.kind === "text" ? segment.value : mentionDisplay(segment, lookup)))
    .join("");
}

// A kept character (grapheme cluster): a letter, decimal digit, hyphen or underscore, followed
// only by more of those (Indic conjuncts are one cluster), combining marks and the joiners
// ZWNJ/ZWJ. Variation selectors and enclosing marks (emoji presentation, keycaps "1️⃣") are
// not letter marks, and emoji never start with a letter, so emoji become a hyphen.
const KEPT = /^[\p{L}\p{Nd}_-](?:[\p{L}\p{Nd}_\u200C\u200D-]|(?![\uFE00-\uFE0F])[\p{Mn}\p{Mc}])*$/u;

function characters(text: string): string[] {
  // One user-perceived character per grapheme cluster, so an emoji (even a ZWJ sequence or a
  // flag) becomes a single hyphen; without Intl.Segmenter, fall back to code points.
  if (typeof Intl.Segmenter === "function") {
    return Array.from(new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(text), (part) => part.segment);
  }
  return Array.from(text);
}

/**
 * Spec 5 "Channel slug": characters other than letters, digits, hyphen and underscore become a
 * hyphen (one per character: runs are not collapsed), then lowercased. Letters and digits are
 * Unicode ones ("Café", "日本語", "١٢٣" are kept); a character is a grapheme cluster.
 */
export function channelSlug(name: string): string {
  return characters(name)
    .map((character) => (KEPT.test(character) ? character : "-"))
    .join("")
    .toLowerCase();
}
