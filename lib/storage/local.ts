import { randomUUID } from "node:crypto";
import { access, link, mkdir, open, readFile, rename, rm } from "node:fs/promises";
import path from "node:path";
import { contentTypeOfKey, isStorageKey } from "./keys";
import type { ObjectStorage, PutResult, StoredObject } from "./types";

/**
 * Objects as files under one folder, sharded by the first two hex digits of
 * the key: `<root>/ab/ab12…ef.png`. Writes go to a temporary file in the same
 * folder, are flushed, then linked into place, so a reader never sees half a
 * file and an existing object is never replaced.
 */
export class LocalDiskStorage implements ObjectStorage {
  constructor(readonly root: string) {}

  /** The file of a key; refuses anything that is not a storage key (no path tricks). */
  pathOf(key: string): string {
    if (!isStorageKey(key)) throw new Error(`not a storage key: ${JSON.stringify(key)}`);
    return path.join(this.root, key.slice(0, 2), key);
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<PutResult> {
    const target = this.pathOf(key);
    // The local folder keeps no metadata: the extension is the content type.
    if (contentTypeOfKey(key) !== contentType) throw new Error(`content type ${contentType} does not match key ${key}`);
    if (await exists(target)) return { created: false };
    const folder = path.dirname(target);
    await mkdir(folder, { recursive: true });
    const temp = path.join(folder, `.${key}.${randomUUID()}.tmp`);
    try {
      const handle = await open(temp, "wx", 0o644);
      try {
        await handle.writeFile(bytes);
        await handle.sync();
      } finally {
        await handle.close();
      }
      return { created: await place(temp, target) };
    } finally {
      await rm(temp, { force: true });
    }
  }

  async get(key: string): Promise<StoredObject | null> {
    if (!isStorageKey(key)) return null;
    try {
      const file = await readFile(this.pathOf(key));
      // readFile never answers a SharedArrayBuffer; the view keeps Response and friends happy.
      return { bytes: new Uint8Array(file.buffer as ArrayBuffer, file.byteOffset, file.byteLength), contentType: contentTypeOfKey(key) };
    } catch (error) {
      if (isErrno(error, "ENOENT")) return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    return isStorageKey(key) && exists(this.pathOf(key));
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}

/** Moves a finished temp file to its key without replacing an existing one; true when it created it. */
async function place(temp: string, target: string): Promise<boolean> {
  try {
    // link() fails with EEXIST instead of replacing: concurrent writers of one key learn which of them created it.
    await link(temp, target);
    return true;
  } catch (error) {
    if (isErrno(error, "EEXIST")) return false;
    // Filesystems without hard links: rename is atomic too (and the bytes are the same).
    if (isErrno(error, "EPERM") || isErrno(error, "ENOTSUP") || isErrno(error, "EOPNOTSUPP") || isErrno(error, "ENOSYS")) {
      await rename(temp, target);
      return true;
    }
    throw error;
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch (error) {
    if (isErrno(error, "ENOENT")) return false;
    throw error;
  }
}

function isErrno(error: unknown, code: string): boolean {
  return typeof error === "object" && error !== null && (error as NodeJS.ErrnoException).code === code;
}
