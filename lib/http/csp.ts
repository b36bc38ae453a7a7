import { createHmac, randomBytes } from "node:crypto";
import { getEnv } from "@/lib/env";

// The Content-Security-Policy of every HTML page: scripts run only when they carry this
// response's nonce (or were loaded by one that does: 'strict-dynamic'), never through
// 'unsafe-inline', and every response has a fresh, random nonce.
//
// Pages are cached (drawn once, sent many times), so in production Next draws every page with
// one fixed nonce instead, a secret derived from SESSION_SECRET that never leaves the server,
// and the production server gives each HTML response its policy with a fresh nonce, written in
// the secret's place as the page is sent (server/send-page.ts). A cached page is thus the same
// for everyone who may see it, and each response still has a nonce nobody could know before it
// was sent. Content stored in a page cannot carry the secret, so it cannot name a nonce either.
// Without the production server (next dev, tests), middleware gives each page its policy and
// Next draws it with that policy's nonce.
// Not marked server-only: middleware builds it.

/** Same length as the drawing nonce: writing one in the other's place keeps Content-Length. */
const NONCE_BYTES = 18;

export function randomNonce(): string {
  return randomBytes(NONCE_BYTES).toString("base64url");
}

/** The nonce Next draws pages with in production (see above). */
export function drawingNonce(): string {
  return createHmac("sha256", getEnv().SESSION_SECRET).update("page-drawing-nonce").digest().subarray(0, NONCE_BYTES).toString("base64url");
}

/** Whether pages are drawn with the drawing nonce: in production, which runs behind the production server. */
export function drawsWithDrawingNonce(): boolean {
  return getEnv().NODE_ENV === "production";
}

export function contentSecurityPolicy(nonce: string): string {
  const env = getEnv();
  // React's development build evaluates code for its stack traces; never in production.
  const devOnly = env.NODE_ENV === "development" ? ["'unsafe-eval'"] : [];
  const cdn = new URL(env.DISCORD_CDN_URL).origin;
  const directives = [
    "default-src 'self'",
    // 'self' stays for browsers without 'strict-dynamic', which then ignore it.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic' ${devOnly.join(" ")}`.trim(),
    // React sets style attributes (progress bars, colour swatches); styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${cdn}`,
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(env.secureCookies ? ["upgrade-insecure-requests"] : []),
  ];
  return directives.join("; ");
}

/** The nonce a policy built here names. */
export function nonceOfPolicy(policy: string): string | null {
  return /'nonce-([A-Za-z0-9_-]+)'/.exec(policy)?.[1] ?? null;
}
