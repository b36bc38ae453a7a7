import { createHash } from "node:crypto";

// The frontend API's ETag (spec 7: the flag client sends If-None-Match with the last one; 304
// keeps its flags): a hash of the answer's bytes, so equal answers share it whoever asked.

export function togglesEtag(body: string): string {
  return `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
}

/** Whether an If-None-Match header names this ETag (weak or strong, in a list, or `*`). */
export function holdsEtag(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((candidate) => {
    const tag = candidate.trim().replace(/^W\//, "");
    return tag === "*" || tag === etag;
  });
}
