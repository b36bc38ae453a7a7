import { z } from "zod";
import { MAX_UPLOAD_REFERENCE_LENGTH } from "@/lib/images/reference";
import { platformId } from "@/lib/platform/snowflake";
import { issue } from "@/lib/validation/issues";
import { inputText } from "@/lib/validation/text";

// What the webhook routes take (spec 3: webhook {channel_id, src}). `src` is the avatar: an image
// the server uploaded (POST /api/guilds/{id}/images answers its `upload:<key>` reference), or null
// for the default picture. The platform's rules on a name: 1 to 80 characters, no "clyde" or
// "discord". Pure and client-safe, so the form checks what the API checks.

export const WEBHOOK_NAME_MAX = 80;
/** The name a webhook gets when none is given. */
export const DEFAULT_WEBHOOK_NAME = "Guildhall";

export const webhookName = inputText()
  .trim()
  .min(1)
  .max(WEBHOOK_NAME_MAX)
  .refine((name) => !/clyde|discord/i.test(name), issue("webhook_name_reserved"));

const src = inputText().max(MAX_UPLOAD_REFERENCE_LENGTH).nullable();

export const webhookCreation = z.strictObject({
  channel_id: platformId("channel"),
  src: src.optional(),
  name: webhookName.default(DEFAULT_WEBHOOK_NAME),
});

export const webhookChanges = z
  .strictObject({ name: webhookName.optional(), src: src.optional() })
  .refine((body) => body.name !== undefined || body.src !== undefined, { message: "Change the name or the avatar.", path: ["name"] });
