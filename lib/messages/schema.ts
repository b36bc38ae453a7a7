import { z } from "zod";
import { LINK_PATTERN } from "../plugins/fields";
import { inputDateTime, inputText } from "../validation/text";
import { EMBED_LIMITS, MESSAGE_CONTENT_LIMIT, embedCharacterCount, limitMessage, messageCharacterCount, type LimitRule } from "./limits";

// Server-side schemas for a message the bot sends (content and embeds), built
// from the limits in ./limits.ts so the builder's counters and the server agree.
//
// - Every string is inputText(): no NUL, no unpaired surrogates.
// - Lengths are Unicode code points: zod's string `.max()` counts code points,
//   the same rule as `textLength` in ./limits.ts (tests hold them together).
// - Too many fields (> 25) or embeds (> 10) stops there: zod does not parse the
//   elements of an over-long array and skips the refinements above it, so only
//   the count is reported. `embedProblems` / `messageProblems` still list
//   everything for the builder.

// A fixed sentence per limit (only the totals name the actual count, and those are added in superRefine).
const bounded = (rule: LimitRule, limit: number) => inputText().max(limit, limitMessage(rule, limit + 1));

const link = (label: string) =>
  inputText()
    .max(2048, `${label} can be 2048 characters at most`)
    .regex(LINK_PATTERN, `${label} must be an http:// or https:// link`);

export const embedFieldSchema = z.strictObject({
  name: bounded("fieldName", EMBED_LIMITS.fieldName).min(1, "Field name cannot be empty"),
  value: bounded("fieldValue", EMBED_LIMITS.fieldValue).min(1, "Field value cannot be empty"),
  inline: z.boolean().optional(),
});

export const embedSchema = z
  .strictObject({
    title: bounded("title", EMBED_LIMITS.title).optional(),
    url: link("Link").optional(),
    description: bounded("description", EMBED_LIMITS.description).optional(),
    color: z
      .number()
      .int("Color must be a whole number")
      .min(0, "Color must be between 0 and 0xFFFFFF")
      .max(0xffffff, "Color must be between 0 and 0xFFFFFF")
      .nullable()
      .optional(),
    author: z
      .strictObject({
        name: bounded("authorName", EMBED_LIMITS.authorName),
        url: link("Author link").optional(),
        icon_url: link("Author icon").optional(),
      })
      .optional(),
    fields: z.array(embedFieldSchema).max(EMBED_LIMITS.fields, limitMessage("fields", EMBED_LIMITS.fields + 1)).optional(),
    image: z.strictObject({ url: link("Image") }).optional(),
    thumbnail: z.strictObject({ url: link("Thumbnail") }).optional(),
    footer: z
      .strictObject({
        text: bounded("footer", EMBED_LIMITS.footer),
        icon_url: link("Footer icon").optional(),
      })
      .optional(),
    timestamp: inputDateTime("Timestamp must be an ISO 8601 date and time").nullable().optional(),
  })
  .superRefine((embed, ctx) => {
    const count = embedCharacterCount(embed);
    if (count > EMBED_LIMITS.total) ctx.addIssue({ code: "custom", message: limitMessage("total", count), input: embed });
  });

export const messageSchema = z
  .strictObject({
    content: inputText().max(MESSAGE_CONTENT_LIMIT, limitMessage("content", MESSAGE_CONTENT_LIMIT + 1)).optional(),
    embeds: z.array(embedSchema).max(EMBED_LIMITS.embedsPerMessage, limitMessage("embedsPerMessage", EMBED_LIMITS.embedsPerMessage + 1)).optional(),
  })
  .superRefine((message, ctx) => {
    const embeds = message.embeds ?? [];
    if ((message.content ?? "").trim() === "" && embeds.length === 0) {
      ctx.addIssue({ code: "custom", message: "A message needs content or at least one embed", input: message });
    }
    // With one embed the embed's own 6000 check already says this.
    const count = messageCharacterCount(embeds);
    if (embeds.length > 1 && count > EMBED_LIMITS.total) {
      ctx.addIssue({ code: "custom", path: ["embeds"], message: limitMessage("messageTotal", count), input: embeds });
    }
  });

export type EmbedField = z.infer<typeof embedFieldSchema>;
export type Embed = z.infer<typeof embedSchema>;
export type Message = z.infer<typeof messageSchema>;
