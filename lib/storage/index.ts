import "server-only";
import path from "node:path";
import { getEnv, type Env } from "@/lib/env";
import { LocalDiskStorage } from "./local";
import { S3Storage } from "./s3";
import type { ObjectStorage } from "./types";

export type { ObjectStorage, PutResult, StoredObject } from "./types";
export { S3Error } from "./s3-errors";
export { contentAddressedKey, contentTypeOfKey, isStorageKey, storageKeySchema, type StorageExtension } from "./keys";

let cached: { env: Env; storage: ObjectStorage } | undefined;

/**
 * The storage uploads go to: an S3-compatible bucket when the S3_* settings
 * are there (lib/env.ts), else the local folder UPLOADS_DIR (default .data/uploads).
 * Made again whenever the settings are read again (resetEnvCache in tests).
 */
export function getStorage(): ObjectStorage {
  const env = getEnv();
  if (cached?.env !== env) cached = { env, storage: env.s3 ? new S3Storage(env.s3) : new LocalDiskStorage(path.resolve(env.UPLOADS_DIR)) };
  return cached.storage;
}
