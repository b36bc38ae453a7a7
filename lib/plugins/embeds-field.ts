import { z } from "zod";
import { inputDateTime } from "../validation/text";
import { EMBED_LIMITS, messageCharacterCount } from "../platform-messages/limits";
import { customIssue } from "../validation/issues";
import { embedSchema } from "../platform-messages/schema";
import { TIMESTAMP_NOW } from "./embed-payload";
import type { FieldMeta } from "./types";

// The `embeds` field builder, kept out of ./fields.ts on purpose: lib/platform-messages/schema.ts
// imports LINK_PATTERN from ./fields, so ./fields importing the embed schema back would
// make a module cycle (whichever loads first would see the other half-initialised).

const timestamp = z
  .union([z.literal(TIMESTAMP_NOW), inputDateTime("Timestamp must be an ISO 8601 date and time").max(64)])
  .nullable()
  .optional();

/** An embed as the dashboard stores it: the platform's shape (lib/platform-messages/schema.ts), except that `timestamp` may be "now". */
export const storedEmbedSchema = embedSchema.safeExtend({ timestamp });
export type StoredEmbed = z.infer<typeof storedEmbedSchema>;

type EmbedsMeta = Omit<FieldMeta, "ui"> & {
  /** Fewest embeds (a saved embed message needs one; a command's embeds are optional). */
  min?: number;
};

/**
 * Up to `max` embeds of one message, drawn by the embed builder. Each embed keeps its own
 * limits; all of them together stay within the platform's 6000 characters.
 */
export const embedsField = (max: number = EMBED_LIMITS.embedsPerMessage, { min = 0, ...meta }: EmbedsMeta = {}) => {
  const list = z
    .array(storedEmbedSchema)
    .min(min)
    .max(max)
    .superRefine((embeds, ctx) => {
      // One embed over 6000 already reports it itself.
      const count = messageCharacterCount(embeds);
      if (embeds.length > 1 && count > EMBED_LIMITS.total) ctx.addIssue(customIssue("embeds_total", { limit: EMBED_LIMITS.total, actual: count }));
    });
  // zod 4 returns a default without validating it, so a required list validates its empty default (prefault).
  return (min > 0 ? list.prefault([]) : list.default([])).meta({ ...meta, ui: "embeds" });
};
