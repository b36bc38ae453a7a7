import "server-only";
import type { Db } from "@/lib/db/client";
import type { PluginId } from "@/lib/plugins/index";
import { contentAddressedKey, getStorage } from "@/lib/storage";
import { inspectImage } from "./inspect";
import { reencodeImage } from "./reencode";
import { insertUpload, isKeyReferenced } from "./uploads";

/** The answer of POST /api/guilds/{id}/images. */
export type UploadedImage = { id: string; url: string; width: number; height: number; content_type: string; bytes: number };

export function uploadUrl(key: string): string {
  return `/api/uploads/${key}`;
}

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
  const { created } = await storage.put(key, image.bytes, image.contentType);
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
  return { id: row.id, url: uploadUrl(key), width: row.width, height: row.height, content_type: row.contentType, bytes: row.bytes };
}
