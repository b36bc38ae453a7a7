import "server-only";
import path from "node:path";
import { getEnv } from "@/lib/env";
import { LocalDiskStorage } from "./local";
import type { ObjectStorage } from "./types";

export type { ObjectStorage, PutResult, StoredObject } from "./types";
export { contentAddressedKey, contentTypeOfKey, isStorageKey, storageKeySchema, type StorageExtension } from "./keys";

/**
 * The storage uploads go to: the local folder UPLOADS_DIR (default .data/uploads).
 * Only the local implementation exists; an S3-compatible one would implement
 * ObjectStorage (types.ts) and be chosen here from its own settings in lib/env.ts.
 */
export function getStorage(): ObjectStorage {
  return new LocalDiskStorage(path.resolve(getEnv().UPLOADS_DIR));
}
