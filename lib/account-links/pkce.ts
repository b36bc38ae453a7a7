import "server-only";
import { createHash, randomBytes } from "node:crypto";

// PKCE (RFC 7636) with S256: the verifier stays in the state row, only its hash travels.

export function newVerifier(): string {
  return randomBytes(32).toString("base64url");
}

export function challengeOf(verifier: string): string {
  return createHash("sha256").update(verifier).digest("base64url");
}
