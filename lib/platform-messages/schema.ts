import { z } from "zod";
import { LINK_PATTERN } from "../plugins/fields";
import { inputDateTime, inputText } from "../validation/text";
import { customIssue, issue } from "../validation/issues";
import { EMBED_LIMITS, MESSAGE_CONTENT_LIMIT, embedCharacterCount, messageCharacterCount } from "./limits";

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

// Failures are issue codes (lib/validation/issues.ts), worded in the user's language where they
// are shown; the builder's live counters word the limits themselves (limitMessage).
const bounded = (limit: number) => inputText().max(limit);

const link = () => inputText().max(2048).regex(LINK_PATTERN, issue("invalid_link"));

export const embedFieldSchema = z.strictObject({
  name: bounded(EMBED_LIMITS.fieldName).min(1),
  value: bounded(EMBED_LIMITS.fieldValue).min(1),
  inline: z.boolean().optional(),
});

export const embedSchema = z
  .strictObject({
    title: bounded(EMBED_LIMITS.title).optional(),
    url: link().optional(),
    description: bounded(EMBED_LIMITS.description).optional(),
    color: z
      .number()
      .int()
      .min(0)
      .max(0xffffff)
      .nullable()
      .optional(),
    author: z
      .strictObject({
        name: bounded(EMBED_LIMITS.authorName),
        url: link().optional(),
        icon_url: link().optional(),
      })
      .optional(),
    fields: z.array(embedFieldSchema).max(EMBED_LIMITS.fields).optional(),
    image: z.strictObject({ url: link() }).optional(),
    thumbnail: z.strictObject({ url: link() }).optional(),
    footer: z
      .strictObject({
        text: bounded(EMBED_LIMITS.footer),
        icon_url: link().optional(),
      })
      .optional(),
    timestamp: inputDateTime().nullable().optional(),
  })
  .superRefine((embed, ctx) => {
    const count = embedCharacterCount(embed);
    if (count > EMBED_LIMITS.total) ctx.addIssue(customIssue("embed_total", { limit: EMBED_LIMITS.total, actual: count }));
  });

export const messageSchema = z
  .strictObject({
    content: inputText().max(MESSAGE_CONTENT_LIMIT).optional(),
    embeds: z.array(embedSchema).max(EMBED_LIMITS.embedsPerMessage).optional(),
  })
  .superRefine((message, ctx) => {
    const embeds = message.embeds ?? [];
    if ((message.content ?? "").trim() === "" && embeds.length === 0) {
      ctx.addIssue(customIssue("message_empty", {}));
    }
    // With one embed the embed's own 6000 check already says this.
    const count = messageCharacterCount(embeds);
    if (embeds.length > 1 && count > EMBED_LIMITS.total) {
      ctx.addIssue(customIssue("embeds_total", { limit: EMBED_LIMITS.total, actual: count }, ["embeds"]));
    }
  });

export type EmbedField = z.infer<typeof embedFieldSchema>;
export type Embed = z.infer<typeof embedSchema>;
export type Message = z.infer<typeof messageSchema>;
