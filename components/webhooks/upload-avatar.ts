import { apiFetch } from "@/lib/http/client-fetch";
import { uploadReference } from "@/lib/images/reference";

/** Refusals the webhook forms say themselves: the avatar's checks, the fields, the platform's limits. */
export const WEBHOOK_REFUSALS = [
  "validation_failed",
  "image_missing",
  "image_invalid",
  "image_too_large",
  "image_too_large_dimensions",
  "image_too_many_frames",
  "image_type_unsupported",
  "unknown_channel",
  "wrong_channel_type",
  "unknown_upload",
  "webhook_limit_reached",
  "webhook_not_found",
  "webhook_bot_missing_permission",
];

/** Uploads a picture through the server's image pipeline; the `src` a webhook takes for it. */
export async function uploadAvatar(guildId: string, file: File): Promise<string> {
  const form = new FormData();
  form.set("image", file);
  form.set("plugin_id", "webhooks");
  const { key } = await apiFetch<{ key: string }>(`/guilds/${guildId}/images`, { method: "POST", body: form, handles: WEBHOOK_REFUSALS });
  return uploadReference(key);
}
