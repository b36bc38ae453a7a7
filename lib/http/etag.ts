import type { NextRequest } from "next/server";

// Versions travel as strong ETags: `"12"`. If-Match is optional; `*` or absence
// means "whatever is stored", anything unparsable can match nothing.

export function etag(version: number): string {
  return `"${version}"`;
}

export function expectedVersion(req: NextRequest): number | undefined {
  const header = req.headers.get("if-match")?.trim();
  if (!header || header === "*") return undefined;
  const match = /^(?:W\/)?"(\d{1,9})"$/.exec(header);
  return match ? Number(match[1]) : -1;
}
