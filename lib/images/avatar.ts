import "server-only";
import { inspectImage } from "./inspect";
import { reencodeImage } from "./reencode";

// A bot's avatar as the platform takes it (PATCH /users/@me): the upload checked and re-encoded
// like every image (no metadata, no appended bytes), at most 1024 pixels a side, as a data URI.

export const AVATAR_MAX_SIDE = 1024;

export async function avatarDataUri(bytes: Uint8Array): Promise<string> {
  const image = await reencodeImage(bytes, await inspectImage(bytes), { maxSide: AVATAR_MAX_SIDE });
  return `data:${image.contentType};base64,${image.bytes.toString("base64")}`;
}
