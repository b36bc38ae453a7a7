import type { S3Settings } from "@/lib/env";
import { contentTypeOfKey, isStorageKey } from "./keys";
import { S3Error, s3ErrorFromResponse } from "./s3-errors";
import { EMPTY_SHA256, sha256Hex, signRequest, uriEncode } from "./sigv4";
import type { ObjectStorage, PutResult, StoredObject } from "./types";

export { S3Error } from "./s3-errors";

/** Objects never change under a content-addressed key, so anything in front of the bucket may keep them. */
export const IMMUTABLE_CACHE_CONTROL = "public, max-age=31536000, immutable";

export type S3StorageOptions = {
  /** Per attempt, body included. */
  timeoutMs?: number;
  /** Extra attempts after a network error or a 500/502/503/504 (timeouts are not retried). */
  retries?: number;
  /** Pause before retry n is retryDelayMs × 3^(n-1). */
  retryDelayMs?: number;
};

// Passing trouble (S3's InternalError, SlowDown, a gateway); 501 NotImplemented is not.
const RETRIED_STATUSES = new Set([500, 502, 503, 504]);

type Send = { method: "PUT" | "GET" | "HEAD" | "DELETE"; key: string; body?: Uint8Array; headers?: Record<string, string> };

/**
 * Uploads in an S3-compatible bucket (AWS S3, MinIO, R2, Ceph…) through the
 * S3 REST API, signed with SigV4 (sigv4.ts); fetch and node:crypto only.
 */
export class S3Storage implements ObjectStorage {
  private readonly timeoutMs: number;
  private readonly retries: number;
  private readonly retryDelayMs: number;

  constructor(
    readonly settings: S3Settings,
    options: S3StorageOptions = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? 15_000;
    this.retries = options.retries ?? 2;
    this.retryDelayMs = options.retryDelayMs ?? 100;
  }

  /** Path style `endpoint/bucket/key`, or virtual-hosted `bucket.endpoint-host/key`. */
  objectUrl(key: string): URL {
    const url = new URL(this.settings.endpoint);
    const base = url.pathname.replace(/\/+$/, "");
    const encodedKey = key.split("/").map(uriEncode).join("/");
    if (this.settings.forcePathStyle) {
      url.pathname = `${base}/${uriEncode(this.settings.bucket)}/${encodedKey}`;
    } else {
      url.hostname = `${this.settings.bucket}.${url.hostname}`;
      url.pathname = `${base}/${encodedKey}`;
    }
    return url;
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<PutResult> {
    if (!isStorageKey(key)) throw new Error(`not a storage key: ${JSON.stringify(key)}`);
    // Served by its key's extension, so the two must agree (as in the local folder).
    if (contentTypeOfKey(key) !== contentType) throw new Error(`content type ${contentType} does not match key ${key}`);
    // Content addressed: an object already there holds these bytes; skip the upload.
    if ((await this.probe(key)) === "present") return { created: false };
    const headers = { "content-type": contentType, "cache-control": IMMUTABLE_CACHE_CONTROL, "if-none-match": "*" };
    let response = await this.send({ method: "PUT", key, body: bytes, headers });
    if (response.status === 501) {
      // A store without conditional writes: the same key always holds the same bytes, so a plain PUT is safe.
      await response.body?.cancel();
      response = await this.send({ method: "PUT", key, body: bytes, headers: { "content-type": contentType, "cache-control": IMMUTABLE_CACHE_CONTROL } });
    }
    if (response.ok) {
      await response.body?.cancel();
      return { created: true };
    }
    // 412: someone stored the key between our HEAD and PUT.
    if (response.status === 412) {
      await response.body?.cancel();
      return { created: false };
    }
    throw await this.failure("PUT", key, response);
  }

  async get(key: string): Promise<StoredObject | null> {
    if (!isStorageKey(key)) return null;
    const response = await this.send({ method: "GET", key });
    if (response.ok) {
      const bytes = await this.readBody("GET", key, response);
      // The key says what the bytes are; whatever metadata the bucket holds does not decide how they are served.
      return { bytes, contentType: contentTypeOfKey(key) };
    }
    const error = await this.failure("GET", key, response);
    if (error.code === "NoSuchKey") return null;
    throw error;
  }

  async exists(key: string): Promise<boolean> {
    if (!isStorageKey(key)) return false;
    const found = await this.probe(key);
    if (found instanceof S3Error) throw found;
    return found === "present";
  }

  /**
   * HEAD. Its answer has no body: a 404 cannot tell a missing key from a missing
   * bucket, and AWS answers 403 for a missing key to credentials without
   * s3:ListBucket. put() then lets the PUT decide, whose error body says more.
   */
  private async probe(key: string): Promise<"present" | "absent" | S3Error> {
    const response = await this.send({ method: "HEAD", key });
    await response.body?.cancel();
    if (response.ok) return "present";
    if (response.status === 404) return "absent";
    const error = await this.failure("HEAD", key, response);
    if (response.status === 403) return error;
    throw error;
  }

  async delete(key: string): Promise<void> {
    if (!isStorageKey(key)) throw new Error(`not a storage key: ${JSON.stringify(key)}`);
    const response = await this.send({ method: "DELETE", key });
    if (response.ok) {
      await response.body?.cancel();
      return;
    }
    const error = await this.failure("DELETE", key, response);
    if (error.code !== "NoSuchKey") throw error;
  }

  private target(key: string): string {
    return `${this.settings.bucket}/${key}`;
  }

  /** Signs and sends one request, retrying network errors and 5xx answers. */
  private async send(request: Send): Promise<Response> {
    const url = this.objectUrl(request.key);
    const body = request.body ? asArrayBufferView(request.body) : undefined;
    const payloadHash = body ? sha256Hex(body) : EMPTY_SHA256;
    for (let attempt = 0; ; attempt++) {
      // Signed afresh each attempt: x-amz-date must be recent.
      const signed = signRequest({
        method: request.method,
        url,
        headers: { ...request.headers, "x-amz-content-sha256": payloadHash },
        payloadHash,
        credentials: this.settings,
        region: this.settings.region,
        service: "s3",
      });
      let response: Response;
      try {
        response = await fetch(url, {
          method: request.method,
          headers: signed.headers,
          body,
          // A redirect would carry a signature made for another URL; S3 explains it in the body instead.
          redirect: "manual",
          cache: "no-store",
          signal: AbortSignal.timeout(this.timeoutMs),
        });
      } catch (error) {
        const failure = this.networkFailure(request.method, request.key, error);
        if (failure.code === "Timeout" || attempt >= this.retries) throw failure;
        await pause(this.retryDelayMs * 3 ** attempt);
        continue;
      }
      if (!RETRIED_STATUSES.has(response.status) || attempt >= this.retries) return response;
      await response.body?.cancel();
      await pause(this.retryDelayMs * 3 ** attempt);
    }
  }

  private async readBody(operation: string, key: string, response: Response): Promise<Uint8Array<ArrayBuffer>> {
    try {
      return new Uint8Array(await response.arrayBuffer());
    } catch (error) {
      throw this.networkFailure(operation, key, error);
    }
  }

  private async failure(operation: string, key: string, response: Response): Promise<S3Error> {
    const body = operation === "HEAD" ? "" : await response.text().catch(() => "");
    return s3ErrorFromResponse({ operation, target: this.target(key), status: response.status }, body, response.headers.get("x-amz-request-id"));
  }

  private networkFailure(operation: string, key: string, error: unknown): S3Error {
    const details = { operation, target: this.target(key), status: 0 };
    // Duck-typed: fetch's errors may come from another realm (DOMException, undici's TypeError).
    const failure = error as { name?: string; message?: string; cause?: { code?: string; message?: string } } | undefined;
    if (failure?.name === "TimeoutError" || failure?.name === "AbortError") {
      return new S3Error({ ...details, code: "Timeout" }, `no answer from ${this.settings.endpoint} within ${this.timeoutMs} ms`, { cause: error });
    }
    const reason = failure?.cause?.code ?? failure?.cause?.message ?? failure?.message ?? String(error);
    return new S3Error({ ...details, code: "NetworkError" }, `could not reach ${this.settings.endpoint} (${reason}): check S3_ENDPOINT`, { cause: error });
  }
}

/** fetch wants an ArrayBuffer-backed view; copy only when the bytes live elsewhere (a SharedArrayBuffer). */
function asArrayBufferView(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  return bytes.buffer instanceof ArrayBuffer ? (bytes as Uint8Array<ArrayBuffer>) : new Uint8Array(bytes);
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
