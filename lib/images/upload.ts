import "server-only";
import type { Db } from "@/lib/db/client";
import type { PluginId } from "@/lib/plugins/index";
import { ApiError } from "@/lib/http/api-error";
import { contentAddressedKey, getStorage, S3Error } from "@/lib/storage";
import { inspectImage } from "./inspect";
import { reencodeImage } from "./reencode";
import { uploadUrl } from "./reference";
import { insertUpload, isKeyReferenced } from "./uploads";

export { uploadUrl };

/** The answer of POST /api/guilds/{id}/images; `key` is what settings store as `upload:<key>` (./reference.ts). */
export type UploadedImage = { id: string; key: string; url: string; width: number; height: number; content_type: string; bytes: number };

/**
 * Checks, re-encodes and stores an image for a guild, then records it.
 * Everything that can refuse the upload runs before the first write, so a
 * refused upload leaves no file and no row. Uploads are not settings: no audit.
 */
export async function storeGuildImage(db: Db, input: { guildId: string; userId: string; pluginId: PluginId | null; bytes: Uint8Array }): Promise<UploadedImage> {
  const info = await inspectImage(input.bytes);
  const image = await reencodeImage(input.bytes, info);
  const key = contentAddressedKey(image.bytes, image.extension);
  const storage = getStorage();
  const { created } = await storage.put(key, image.bytes, image.contentType).catch(storageUnavailable);
  let row;
  try {
    row = await insertUpload(db, {
      guildId: input.guildId,
      userId: input.userId,
      pluginId: input.pluginId,
      key,
      contentType: image.contentType,
      bytes: image.bytes.byteLength,
      width: image.width,
      height: image.height,
    });
  } catch (error) {
    // Leave nothing behind: the object goes too, unless it was there before or another row uses it.
    if (created && !(await isKeyReferenced(db, key).catch(() => true))) await storage.delete(key).catch(() => undefined);
    throw error;
  }
  return { id: row.id, key, url: uploadUrl(key), width: row.width, height: row.height, content_type: row.contentType, bytes: row.bytes };
}

/** A bucket that fails is "try again later" for the user; the reason goes to the log. */
function storageUnavailable(error: unknown): never {
  if (!(error instanceof S3Error)) throw error;
  console.error("[images] storage failed", error);
  throw new ApiError(503, "storage_unavailable", "Images cannot be stored right now. Please try again shortly.");
}
