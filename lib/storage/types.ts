// Where uploaded files live. One interface, so a deployment with several
// instances can swap the local folder (local.ts) for an S3-compatible bucket
// (s3.ts) without touching the routes; index.ts picks one from the settings.

export type StoredObject = { bytes: Uint8Array<ArrayBuffer>; contentType: string };

export type PutResult = {
  /**
   * False when an object with this key was already there. Keys are content
   * addressed, so it holds the same bytes and was left as it was.
   */
  created: boolean;
};

export interface ObjectStorage {
  /**
   * Stores bytes under a key, atomically: a reader sees the whole object or
   * nothing. Never replaces an existing object. (S3Storage: HEAD, then PutObject
   * with `If-None-Match: *`, a 412 meaning created: false.)
   */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<PutResult>;
  /** The object, or null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  /** Whether an object is stored under the key, without reading it. */
  exists(key: string): Promise<boolean>;
  /** Removes an object; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
}
