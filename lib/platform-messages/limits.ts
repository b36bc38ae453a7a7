// The platform's message and embed limits, written once. Plain constants and
// pure functions with no imports, so the embed builder can load it in the
// browser for live counters; lib/platform-messages/schema.ts builds the server-side zod
// schemas from the same numbers and messages.
//
// Counting rule: a "character" is a Unicode code point. The platform's API
// measures strings with Python 3's len() (discord/discord-api-docs#1315: "the
// API calculates length based on the number of codepoints"), and zod's string
// `.max()` in this repo counts code points too, so the builder's counters, the
// server schemas and the platform agree. Concretely: "é" precomposed counts 1,
// "e" + combining accent counts 2, "😀" (a surrogate pair, 2 UTF-16 units)
// counts 1, a ZWJ family "👨‍👩‍👧" counts 5 and a flag "🇫🇷" counts 2. This is NOT
// JavaScript's `string.length` (UTF-16 code units); use `textLength`, the one
// place that encodes the rule, never `.length`.

export const EMBED_LIMITS = {
  title: 256,
  description: 4096,
  fields: 25,
  fieldName: 256,
  fieldValue: 1024,
  footer: 2048,
  authorName: 256,
  /** Counted characters of one embed, and of all the embeds of one message together. */
  total: 6000,
  embedsPerMessage: 10,
} as const;

export const MESSAGE_CONTENT_LIMIT = 2000;

/**
 * The parts of an embed that count towards the limits. Structural and lenient
 * (everything optional, null allowed) so half-filled builder state can be
 * counted; the parsed `Embed` of schema.ts is assignable to it.
 */
export type EmbedText = {
  title?: string | null;
  description?: string | null;
  fields?: readonly { name?: string | null; value?: string | null }[] | null;
  footer?: { text?: string | null } | null;
  author?: { name?: string | null } | null;
};

export type MessageText = {
  content?: string | null;
  embeds?: readonly EmbedText[] | null;
};

/** Which limit a problem breaks. `total` is one embed's 6000, `messageTotal` all embeds' 6000 together. */
export type LimitRule =
  | "title"
  | "description"
  | "fields"
  | "fieldName"
  | "fieldValue"
  | "footer"
  | "authorName"
  | "total"
  | "messageTotal"
  | "embedsPerMessage"
  | "content";

export type LimitProblem = {
  /** Dotted path of the offending value, as zod reports it (`issue.path.join(".")`); "" is the embed itself. */
  path: string;
  rule: LimitRule;
  limit: number;
  actual: number;
  /** The same sentence the server schema reports. */
  message: string;
};

/**
 * Length as the platform counts it: Unicode code points. A well-formed
 * surrogate pair counts once; a lone surrogate counts as one, as in Python
 * and in zod.
 */
export function textLength(text: string | null | undefined): number {
  if (!text) return 0;
  let count = text.length;
  for (let i = 0; i < text.length - 1; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        count--;
        i++;
      }
    }
  }
  return count;
}

const RULE_LIMITS: Record<LimitRule, number> = {
  title: EMBED_LIMITS.title,
  description: EMBED_LIMITS.description,
  fields: EMBED_LIMITS.fields,
  fieldName: EMBED_LIMITS.fieldName,
  fieldValue: EMBED_LIMITS.fieldValue,
  footer: EMBED_LIMITS.footer,
  authorName: EMBED_LIMITS.authorName,
  total: EMBED_LIMITS.total,
  messageTotal: EMBED_LIMITS.total,
  embedsPerMessage: EMBED_LIMITS.embedsPerMessage,
  content: MESSAGE_CONTENT_LIMIT,
};

const characters = (label: string, limit: number) => `${label} can be ${limit} characters at most`;

/** The sentence for a broken limit; `actual` is only named where the limit is a sum the user cannot see at a glance. */
export function limitMessage(rule: LimitRule, actual: number): string {
  switch (rule) {
    case "title":
      return characters("Title", EMBED_LIMITS.title);
    case "description":
      return characters("Description", EMBED_LIMITS.description);
    case "fields":
      return `An embed can have ${EMBED_LIMITS.fields} fields at most`;
    case "fieldName":
      return characters("Field name", EMBED_LIMITS.fieldName);
    case "fieldValue":
      return characters("Field value", EMBED_LIMITS.fieldValue);
    case "footer":
      return characters("Footer text", EMBED_LIMITS.footer);
    case "authorName":
      return characters("Author name", EMBED_LIMITS.authorName);
    case "total":
      return `Embeds may hold ${EMBED_LIMITS.total} characters in all; this one has ${actual}`;
    case "messageTotal":
      return `The embeds of a message may hold ${EMBED_LIMITS.total} characters in all; these have ${actual}`;
    case "embedsPerMessage":
      return `A message can have ${EMBED_LIMITS.embedsPerMessage} embeds at most`;
    case "content":
      return characters("Message", MESSAGE_CONTENT_LIMIT);
  }
}

/**
 * Characters of one embed as the platform counts them: title, description,
 * every field name and value, footer text and author name. Links (url,
 * icon_url, image, thumbnail), colour, timestamp and `inline` do not count.
 */
export function embedCharacterCount(embed: EmbedText): number {
  let count = textLength(embed.title) + textLength(embed.description) + textLength(embed.footer?.text) + textLength(embed.author?.name);
  for (const field of embed.fields ?? []) count += textLength(field.name) + textLength(field.value);
  return count;
}

/** Characters of all the embeds of one message together (the 6000 applies to this sum too). */
export function messageCharacterCount(embeds: readonly EmbedText[] | null | undefined): number {
  let count = 0;
  for (const embed of embeds ?? []) count += embedCharacterCount(embed);
  return count;
}

const joinPath = (prefix: string, key: string | number) => (prefix === "" ? String(key) : `${prefix}.${key}`);

function check(problems: LimitProblem[], path: string, rule: LimitRule, actual: number): void {
  const limit = RULE_LIMITS[rule];
  if (actual > limit) problems.push({ path, rule, limit, actual, message: limitMessage(rule, actual) });
}

function collectEmbedProblems(problems: LimitProblem[], embed: EmbedText, prefix: string): void {
  check(problems, joinPath(prefix, "title"), "title", textLength(embed.title));
  check(problems, joinPath(prefix, "description"), "description", textLength(embed.description));
  const fields = embed.fields ?? [];
  check(problems, joinPath(prefix, "fields"), "fields", fields.length);
  fields.forEach((field, index) => {
    const fieldPath = joinPath(joinPath(prefix, "fields"), index);
    check(problems, joinPath(fieldPath, "name"), "fieldName", textLength(field.name));
    check(problems, joinPath(fieldPath, "value"), "fieldValue", textLength(field.value));
  });
  check(problems, joinPath(prefix, "footer.text"), "footer", textLength(embed.footer?.text));
  check(problems, joinPath(prefix, "author.name"), "authorName", textLength(embed.author?.name));
  check(problems, prefix, "total", embedCharacterCount(embed));
}

/** Every limit one embed exceeds, in form order; an empty list means it fits. */
export function embedProblems(embed: EmbedText): LimitProblem[] {
  const problems: LimitProblem[] = [];
  collectEmbedProblems(problems, embed, "");
  return problems;
}

/**
 * Every limit a message exceeds: content, embed count, each embed's own
 * limits (paths under `embeds.N`), and the 6000 across all embeds. The
 * message-wide total is only reported for two or more embeds; with one embed
 * it would repeat that embed's own `total` problem. Emptiness (no content and
 * no embed) is not a limit and is left to the schema.
 */
export function messageProblems(message: MessageText): LimitProblem[] {
  const problems: LimitProblem[] = [];
  check(problems, "content", "content", textLength(message.content));
  const embeds = message.embeds ?? [];
  check(problems, "embeds", "embedsPerMessage", embeds.length);
  embeds.forEach((embed, index) => collectEmbedProblems(problems, embed, joinPath("embeds", index)));
  if (embeds.length > 1) check(problems, "embeds", "messageTotal", messageCharacterCount(embeds));
  return problems;
}
