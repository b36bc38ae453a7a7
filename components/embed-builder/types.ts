import type { MarkdownLabels } from "@/components/platform-markdown/types";
import type { LimitRule } from "@/lib/platform-messages/limits";

/**
 * The embed builder's UI strings, translated by the server page (messages "embedBuilder").
 * Templates keep their `{name}` placeholders; the island fills them.
 */
export type EmbedBuilderLabels = {
  /** The page's locale (BCP 47), for dates in the preview. */
  locale: string;
  /** "Embed {number}" */
  embed: string;
  addEmbed: string;
  /** "Remove embed {number}" */
  removeEmbed: string;
  /** "Move embed {number} up" / "… down" */
  moveEmbedUp: string;
  moveEmbedDown: string;
  /** "{count} / {max} embeds" */
  embedCount: string;
  /** "{count} / {max} characters in this embed" */
  embedTotal: string;
  /** "{count} / {max} characters in all embeds" */
  messageTotal: string;
  /** "Field {number}" */
  field: string;
  addField: string;
  removeField: string;
  moveFieldUp: string;
  moveFieldDown: string;
  /** "{count} / {max} fields" */
  fieldCount: string;
  moveUp: string;
  moveDown: string;
  remove: string;
  /** Parts of the author and the footer. */
  name: string;
  link: string;
  iconLink: string;
  text: string;
  timestampNone: string;
  timestampNow: string;
  timestampDate: string;
  timestampDateLabel: string;
  /** Shown in the preview for a "now" timestamp: "Today at {time}". */
  today: string;
  preview: string;
  /** In the preview, for an embed that shows nothing yet. */
  previewEmpty: string;
  /** One sentence per broken limit, with `{limit}` and `{actual}`. */
  limits: Record<Exclude<LimitRule, "content">, string>;
  /** The preview's markdown strings (spoilers' name). */
  markdown: MarkdownLabels;
};
