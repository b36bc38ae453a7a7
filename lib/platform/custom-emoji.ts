// Custom emoji as settings store them: `<:name:id>`, or `<a:name:id>` when animated, the
// form chat messages use. Pure and client-safe: the settings schema, the reference check
// and the emoji picker read and write the one format, and share the field errors.

export type CustomEmojiRef = { id: string; name: string; animated: boolean };

/** Discord's names: 2 to 32 letters, digits or underscores. */
const REFERENCE = /^<(a?):([A-Za-z0-9_]{2,32}):(\d{17,20})>$/;

/** The custom emoji a stored value refers to, or null when it is not such a reference. */
export function parseCustomEmoji(value: string): CustomEmojiRef | null {
  const match = REFERENCE.exec(value);
  if (!match) return null;
  const [, animated, name, id] = match as unknown as [string, string, string, string];
  return { id, name, animated: animated === "a" };
}

export function formatCustomEmoji(emoji: CustomEmojiRef): string {
  return `<${emoji.animated ? "a" : ""}:${emoji.name}:${emoji.id}>`;
}

/**
 * What emoji fields are refused with, as issue codes (lib/validation/issues.ts): `invalid` by
 * their zod schema (lib/plugins/fields.ts), the others by the reference check (lib/plugins/rules.ts).
 */
export const EMOJI_ERRORS = {
  invalid: "invalid_emoji",
  notInGuild: "emoji_not_in_guild",
  unavailable: "emoji_unavailable",
} as const;
