import "server-only";
import { ApiError } from "./api-error";
import { MAX_JSON_BODY_BYTES } from "./body-limits";

// Reads a request body without ever holding more than the route's limit: the declared
// Content-Length is checked first (nothing is read), then the bytes are counted as they
// arrive, which also covers chunked uploads and a Content-Length that lies, and the
// stream is cancelled as soon as the count passes the limit. Under `next start` that
// cancels our read of Next's copy of the body (lib/http/body-limits.ts): Next has taken
// the whole upload off the socket already, so the 413 reaches the client and the
// connection stays usable. That holds because middleware.ts runs on every /api path.

/** The media type of the Content-Type header, lower-cased, without parameters; null when there is none. */
export function mediaType(req: Request): string | null {
  const type = (req.headers.get("content-type") ?? "").split(";", 1)[0]!.trim().toLowerCase();
  return type === "" ? null : type;
}

/** The Content-Length header as a number, or null when missing or not a byte count. */
function declaredLength(req: Request): number | null {
  const raw = req.headers.get("content-length");
  return raw !== null && /^\d+$/.test(raw.trim()) ? Number(raw) : null;
}

/** The whole body, or `tooLarge()` thrown once the body is declared or counted past `limit` bytes. */
export async function readBounded(req: Request, limit: number, tooLarge: () => ApiError): Promise<Uint8Array<ArrayBuffer>> {
  if ((declaredLength(req) ?? 0) > limit) throw tooLarge();
  if (!req.body) return new Uint8Array(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

const UTF8 = new TextDecoder("utf-8", { fatal: true });

/** application/json and the +json types (application/merge-patch+json…). */
function isJsonType(type: string): boolean {
  return type === "application/json" || /^application\/[\w.!#$&^-]+\+json$/.test(type);
}

/**
 * The JSON body of a route with a body schema: 415 for another media type or for a body
 * sent without one, 413 past MAX_JSON_BODY_BYTES, 400 when it is not UTF-8 JSON.
 * An empty body (with a JSON type or none) stands for {}: every field left out.
 */
export async function readJsonBody(req: Request): Promise<unknown> {
  const type = mediaType(req);
  if (type !== null && !isJsonType(type)) throw unsupportedMediaType();
  const bytes = await readBounded(req, MAX_JSON_BODY_BYTES, payloadTooLarge);
  if (bytes.byteLength === 0) return {};
  if (type === null) throw unsupportedMediaType();
  let text: string;
  try {
    text = UTF8.decode(bytes);
  } catch {
    throw new ApiError(400, "invalid_json", "The request body is not valid UTF-8.");
  }
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(400, "invalid_json", "The request body is not valid JSON.");
  }
}

function unsupportedMediaType(): ApiError {
  return new ApiError(415, "unsupported_media_type", "Send the request body as JSON, with Content-Type: application/json.");
}

function payloadTooLarge(): ApiError {
  return new ApiError(413, "payload_too_large", "The request body is too large.");
}
