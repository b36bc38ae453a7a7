import { createHash } from "node:crypto";

/** A stable, non-reversible key for a token (cache keys, client pool, budgets). Never log the token itself. */
export function tokenKey(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}
