import { z } from "zod";
import { inputText } from "@/lib/validation/text";
import { ApiError } from "@/lib/http/api-error";
import { publicRoute } from "@/lib/http/route";
import { getStorage, isStorageKey, S3Error } from "@/lib/storage";

const params = z.object({ key: inputText() });

// GET /api/uploads/{sha256}.{png|jpg|gif|webp}: a stored upload. No session needed: keys are
// content hashes, unguessable without the image itself, and the bytes behind one never change.
export const GET = publicRoute({ params }, async ({ req, params }) => {
  if (!isStorageKey(params.key)) throw notFound();
  const etag = `"${params.key.slice(0, params.key.indexOf("."))}"`;
  const headers = {
    ETag: etag,
    "Cache-Control": "public, max-age=31536000, immutable",
    "X-Content-Type-Options": "nosniff",
    // Opened on its own, an image still runs nothing.
    "Content-Security-Policy": "default-src 'none'; sandbox",
  };
  const storage = getStorage();
  // The ETag is the key itself: a revalidation only needs to know the object is still there, not its bytes.
  if (matches(req.headers.get("if-none-match"), etag)) {
    if (!(await unlessUnavailable(storage.exists(params.key)))) throw notFound();
    return new Response(null, { status: 304, headers });
  }
  const stored = await unlessUnavailable(storage.get(params.key));
  if (!stored) throw notFound();
  return new Response(stored.bytes, {
    status: 200,
    headers: { ...headers, "Content-Type": stored.contentType, "Content-Length": String(stored.bytes.byteLength) },
  });
});

function matches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((tag) => {
    const value = tag.trim();
    return value === "*" || value.replace(/^W\//, "") === etag;
  });
}

/** A bucket that fails is "try again later" for the browser; the reason goes to the log. */
async function unlessUnavailable<T>(pending: Promise<T>): Promise<T> {
  try {
    return await pending;
  } catch (error) {
    if (!(error instanceof S3Error)) throw error;
    console.error("[uploads] storage failed", error);
    throw new ApiError(503, "storage_unavailable", "Stored images cannot be read right now. Please try again shortly.");
  }
}

function notFound(): ApiError {
  return new ApiError(404, "upload_not_found", "There is no such upload.");
}
