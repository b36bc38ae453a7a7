// Why: a bot message nobody wrote should speak the guild's language. Until an owner edits
// one, a default message is stored as a key (`$default:welcome.join_message`) rather than
// English text, and becomes the sentence of messages/defaults/<locale>.json in
// the guild's language wherever it is drawn: previews, the forms, posts and the welcome
// card. Settings files keep the key, so a copy speaks the target guild's language. Pure and
// client-safe.

export const DEFAULT_MESSAGE_PREFIX = "$default:";

/** Default texts by key ("welcome.join_message") in one language. */
export type DefaultTexts = Readonly<Record<string, string>>;

/** The stored value of a default message. */
export function defaultMessage(key: string): string {
  return `${DEFAULT_MESSAGE_PREFIX}${key}`;
}

/** The key a stored value stands for, or null for text an owner wrote. */
export function defaultKeyOf(value: unknown): string | null {
  return typeof value === "string" && value.startsWith(DEFAULT_MESSAGE_PREFIX) ? value.slice(DEFAULT_MESSAGE_PREFIX.length) : null;
}

/** The text of a stored value: a default in the texts' language (empty when unknown), anything else as it is. */
export function withDefaultText(value: string, texts: DefaultTexts | undefined): string {
  const key = defaultKeyOf(value);
  return key === null ? value : (texts?.[key] ?? "");
}
