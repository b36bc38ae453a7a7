import type { APIEmbed } from "discord-api-types/v10";

// A stored embed as the platform takes it. Pure and client-safe (no zod), so the server's
// send and the embed builder's preview drop and fill exactly the same parts.

/** Stored instead of a date: "the moment the message is sent", filled in by whoever sends it. */
export const TIMESTAMP_NOW = "now";

/**
 * An embed as the dashboard stores it (lib/plugins/embeds-field.ts), and as the embed
 * builder edits it: everything optional, empty parts allowed while editing.
 */
export type EmbedDraft = {
  title?: string;
  url?: string;
  description?: string;
  color?: number | null;
  author?: { name: string; url?: string; icon_url?: string };
  fields?: { name: string; value: string; inline?: boolean }[];
  image?: { url: string };
  thumbnail?: { url: string };
  footer?: { text: string; icon_url?: string };
  /** ISO 8601, or TIMESTAMP_NOW. */
  timestamp?: string | null;
};

export type EmbedPayloadOptions = {
  /** Applied to every text (title, description, field names and values, author name, footer): template variables. */
  render?: (text: string) => string;
  /** What TIMESTAMP_NOW becomes. */
  now?: Date;
  /** Colour used when the embed has none; null leaves it unset (the platform's default). */
  fallbackColor?: number | null;
};

/**
 * The platform payload of a stored embed: texts rendered, "now" resolved, empty parts
 * dropped (an author without a name, a footer without text, fields missing a name or a
 * value, empty links), the colour falling back.
 */
export function toPlatformEmbed(embed: EmbedDraft, { render = (text) => text, now = new Date(), fallbackColor = null }: EmbedPayloadOptions = {}): APIEmbed {
  const out: APIEmbed = {};
  if (embed.title) out.title = render(embed.title);
  if (embed.url) out.url = embed.url;
  if (embed.description) out.description = render(embed.description);
  const color = embed.color ?? fallbackColor;
  if (color !== null && color !== undefined) out.color = color;
  if (embed.author?.name) {
    out.author = { name: render(embed.author.name) };
    if (embed.author.url) out.author.url = embed.author.url;
    if (embed.author.icon_url) out.author.icon_url = embed.author.icon_url;
  }
  const fields = (embed.fields ?? []).filter((field) => field.name && field.value);
  if (fields.length > 0) out.fields = fields.map((field) => ({ name: render(field.name), value: render(field.value), inline: field.inline ?? false }));
  if (embed.image?.url) out.image = { url: embed.image.url };
  if (embed.thumbnail?.url) out.thumbnail = { url: embed.thumbnail.url };
  if (embed.footer?.text) {
    out.footer = { text: render(embed.footer.text) };
    if (embed.footer.icon_url) out.footer.icon_url = embed.footer.icon_url;
  }
  if (embed.timestamp) out.timestamp = embed.timestamp === TIMESTAMP_NOW ? now.toISOString() : embed.timestamp;
  return out;
}

/** True when the platform would show nothing of the embed but its colour bar. */
export function isEmptyEmbed(embed: APIEmbed): boolean {
  return !embed.title && !embed.description && !embed.author && !embed.fields?.length && !embed.image && !embed.thumbnail && !embed.footer;
}
