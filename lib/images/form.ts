import "server-only";
import { z } from "zod";
import { inputText } from "@/lib/validation/text";
import { ApiError, validationError } from "@/lib/http/api-error";
import { mediaType, readBounded } from "@/lib/http/read-body";
import { isPluginId, type PluginId } from "@/lib/plugins/index";
import { MAX_IMAGE_BYTES, tooLarge } from "./inspect";
import { issue } from "@/lib/validation/issues";

// Reads the multipart body of an image upload without ever holding more than
// the limit (readBounded: the declared Content-Length first, then the bytes are
// counted as they arrive and the stream is cancelled once past the limit).
// MAX_FORM_BYTES stays below PROXY_BODY_COPY_BYTES (lib/http/body-limits.ts).

/** Room for the multipart boundaries, part headers and the small fields next to the image. */
export const MAX_FORM_OVERHEAD = 64 * 1024;
export const MAX_FORM_BYTES = MAX_IMAGE_BYTES + MAX_FORM_OVERHEAD;

export type ImageForm = { image: Uint8Array; pluginId: PluginId | null };

const fields = z.object({
  plugin_id: z
    .array(inputText())
    .max(1)
    .transform((values) => values[0] || undefined)
    .pipe(inputText().refine(isPluginId, issue("invalid_option")).optional()),
});

export async function readImageForm(req: Request): Promise<ImageForm> {
  const { image, form } = await readImageUpload(req);
  const parsed = fields.safeParse({ plugin_id: form.getAll("plugin_id") });
  if (!parsed.success) throw validationError(parsed.error, "body");
  return { image, pluginId: (parsed.data.plugin_id as PluginId | undefined) ?? null };
}

/** The one image of a multipart upload, and the form for the caller to parse its other fields with zod. */
export async function readImageUpload(req: Request): Promise<{ image: Uint8Array; form: FormData }> {
  const contentType = req.headers.get("content-type") ?? "";
  if (mediaType(req) !== "multipart/form-data") {
    throw new ApiError(415, "unsupported_media_type", "Send the image as multipart/form-data in a field named image.");
  }
  if (!/;\s*boundary=/i.test(contentType)) throw missing("The multipart body could not be read.");
  const body = await readBounded(req, MAX_FORM_BYTES, tooLarge);
  let form: FormData;
  try {
    form = await new Response(body, { headers: { "content-type": contentType } }).formData();
  } catch {
    throw missing("The multipart body could not be read.");
  }
  const images = form.getAll("image");
  const [image] = images;
  if (images.length > 1) throw missing("Send one image per request.");
  if (image === undefined || typeof image === "string") throw missing("The form has no file in a field named image.");
  if (image.size === 0) throw missing("The image file is empty.");
  if (image.size > MAX_IMAGE_BYTES) throw tooLarge();
  return { image: new Uint8Array(await image.arrayBuffer()), form };
}

function missing(message: string): ApiError {
  return new ApiError(400, "image_missing", message);
}
