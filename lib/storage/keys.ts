import { createHash } from "node:crypto";
import { inputText } from "@/lib/validation/text";

// Content-addressed keys: sha256 of the stored bytes (lower-case hex) + extension.
// The same bytes always get the same key, so an image is stored once however
// often it is uploaded, and a key can be served as immutable.

export const STORAGE_EXTENSIONS = { png: "image/png", jpg: "image/jpeg", gif: "image/gif", webp: "image/webp" } as const;
export type StorageExtension = keyof typeof STORAGE_EXTENSIONS;

export const storageKeySchema = inputText().regex(/^[0-9a-f]{64}\.(png|jpg|gif|webp)$/, "must be a sha256 hex digest and an image extension");

export function isStorageKey(value: unknown): value is string {
  return storageKeySchema.safeParse(value).success;
}

export function contentAddressedKey(bytes: Uint8Array, extension: StorageExtension): string {
  return `${createHash("sha256").update(bytes).digest("hex")}.${extension}`;
}

/** The content type a key's extension stands for. */
export function contentTypeOfKey(key: string): string {
  const extension = key.slice(key.lastIndexOf(".") + 1);
  const type = (STORAGE_EXTENSIONS as Record<string, string>)[extension];
  if (!type) throw new Error(`not a storage key: ${key}`);
  return type;
}
