import "server-only";
import sharp, { type Metadata } from "sharp";
import { ApiError } from "@/lib/http/api-error";

// What an upload is, read from its own bytes: the type from the magic bytes
// (never the file name or the declared Content-Type), then the dimensions from
// the header through sharp, before any pixel is decoded.

export type ImageType = "png" | "jpeg" | "gif" | "webp";

/** Largest accepted upload: 8 MB. */
export const MAX_IMAGE_BYTES = 8 * 1024 * 1024;
/** Largest accepted width and height, each. */
export const MAX_IMAGE_DIMENSION = 4096;
/** Most frames an animated GIF or WebP may have. */
export const MAX_IMAGE_FRAMES = 100;
/** Most pixels of all frames of an animation together (bounds the memory a decode takes). */
export const MAX_ANIMATION_PIXELS = 32 * 1024 * 1024;

export type ImageInfo = {
  type: ImageType;
  width: number;
  /** Height of one frame. */
  height: number;
  frames: number;
  animated: boolean;
};

/**
 * Checks an upload and reads its size. Throws ApiError: 413 image_too_large,
 * 415 image_type_unsupported, 400 image_invalid, image_too_large_dimensions or
 * image_too_many_frames.
 */
export async function inspectImage(bytes: Uint8Array): Promise<ImageInfo> {
  if (bytes.byteLength > MAX_IMAGE_BYTES) throw tooLarge();
  const type = detectImageType(bytes);
  if (!type) throw new ApiError(415, "image_type_unsupported", "Only PNG, JPEG, GIF and WebP images are accepted.");
  let metadata: Metadata;
  try {
    // Reads the header only; nothing is decoded yet.
    metadata = await sharp(bytes, { animated: true, limitInputPixels: false }).metadata();
  } catch {
    throw invalid();
  }
  const frames = Math.max(1, metadata.pages ?? 1);
  const width = metadata.width;
  const height = metadata.pageHeight ?? (frames > 1 ? Math.floor(metadata.height / frames) : metadata.height);
  // sharp's view of the container must agree with the magic bytes.
  if (metadata.format !== type || !(width > 0) || !(height > 0)) throw invalid();
  if (width > MAX_IMAGE_DIMENSION || height > MAX_IMAGE_DIMENSION || (frames > 1 && width * height * frames > MAX_ANIMATION_PIXELS)) {
    throw new ApiError(400, "image_too_large_dimensions", `Images may be at most ${MAX_IMAGE_DIMENSION}×${MAX_IMAGE_DIMENSION} pixels.`);
  }
  if (frames > MAX_IMAGE_FRAMES) throw new ApiError(400, "image_too_many_frames", `Animated images may have at most ${MAX_IMAGE_FRAMES} frames.`);
  return { type, width, height, frames, animated: frames > 1 };
}

/** The type named by the first bytes of a file, or null: PNG, JPEG, GIF (87a/89a) and WebP (RIFF…WEBP) only. */
export function detectImageType(bytes: Uint8Array): ImageType | null {
  const startsWith = (signature: ArrayLike<number>, at = 0) => bytes.length >= at + signature.length && Array.from(signature).every((byte, index) => bytes[at + index] === byte);
  if (startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith([0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(ascii("GIF87a")) || startsWith(ascii("GIF89a"))) return "gif";
  if (startsWith(ascii("RIFF")) && startsWith(ascii("WEBP"), 8)) return "webp";
  return null;
}

function ascii(text: string): number[] {
  return Array.from(text, (char) => char.charCodeAt(0));
}

export function tooLarge(): ApiError {
  return new ApiError(413, "image_too_large", `Images may be at most ${MAX_IMAGE_BYTES / 1024 / 1024} MB.`);
}

export function invalid(): ApiError {
  return new ApiError(400, "image_invalid", "The image is damaged or incomplete.");
}
