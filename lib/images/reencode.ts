import "server-only";
import sharp, { type OutputInfo } from "sharp";
import { ApiError } from "@/lib/http/api-error";
import { invalid, MAX_ANIMATION_PIXELS, MAX_IMAGE_BYTES, MAX_IMAGE_DIMENSION, type ImageInfo } from "./inspect";

// Every stored image is decoded to pixels and encoded again, so what we keep and
// serve never carries the upload's own bytes: no EXIF/GPS, ICC or comments, no
// data appended after the image, no polyglot payload.
//
//   PNG  → PNG            JPEG → JPEG, quality 85 (EXIF orientation applied first)
//   GIF  → GIF if animated, else PNG
//   WebP → WebP, quality 85 (animation kept)

export type StoredImageFormat = { extension: "png" | "jpg" | "gif" | "webp"; contentType: "image/png" | "image/jpeg" | "image/gif" | "image/webp" };

export type ReencodedImage = StoredImageFormat & {
  bytes: Buffer;
  width: number;
  /** Height of one frame. */
  height: number;
};

/** A re-encoded image may grow (a GIF becoming a PNG); past this it is refused. */
export const MAX_STORED_BYTES = 2 * MAX_IMAGE_BYTES;

const PNG: StoredImageFormat = { extension: "png", contentType: "image/png" };
const JPEG: StoredImageFormat = { extension: "jpg", contentType: "image/jpeg" };
const GIF: StoredImageFormat = { extension: "gif", contentType: "image/gif" };
const WEBP: StoredImageFormat = { extension: "webp", contentType: "image/webp" };

/** The format an upload of this kind is stored in. */
export function storedFormat(info: Pick<ImageInfo, "type" | "animated">): StoredImageFormat {
  switch (info.type) {
    case "png":
      return PNG;
    case "jpeg":
      return JPEG;
    case "gif":
      return info.animated ? GIF : PNG;
    case "webp":
      return WEBP;
  }
}

/**
 * Re-encodes a checked upload (see inspectImage), no larger than `maxSide` pixels a side when given
 * (never enlarged). Throws 400 image_invalid when the pixels cannot be decoded.
 */
export async function reencodeImage(input: Uint8Array, info: ImageInfo, { maxSide }: { maxSide?: number } = {}): Promise<ReencodedImage> {
  const format = storedFormat(info);
  // sharp strips all metadata unless asked to keep it; failOn "warning" (the default) refuses truncated data.
  let pipeline = sharp(input, {
    animated: info.animated,
    limitInputPixels: info.animated ? MAX_ANIMATION_PIXELS : MAX_IMAGE_DIMENSION ** 2,
    failOn: "warning",
  });
  if (!info.animated) pipeline = pipeline.autoOrient();
  if (maxSide) pipeline = pipeline.resize({ width: maxSide, height: maxSide, fit: "inside", withoutEnlargement: true });
  switch (format.extension) {
    case "png":
      pipeline = pipeline.png();
      break;
    case "jpg":
      pipeline = pipeline.jpeg({ quality: 85 });
      break;
    case "gif":
      pipeline = pipeline.gif();
      break;
    case "webp":
      pipeline = pipeline.webp({ quality: 85 });
      break;
  }
  let output: { data: Buffer; info: OutputInfo };
  try {
    output = await pipeline.toBuffer({ resolveWithObject: true });
  } catch {
    throw invalid();
  }
  if (output.data.byteLength > MAX_STORED_BYTES) throw new ApiError(413, "image_too_large", "The image is too large once converted; try a smaller or simpler one.");
  return { ...format, bytes: output.data, width: output.info.width, height: output.info.pageHeight ?? output.info.height };
}
