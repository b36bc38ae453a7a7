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

/** Random bytes drawn a few kilobytes at a time: one call to the system per ~200 nonces, not per response. */
const pool = { bytes: Buffer.alloc(0), used: 0 };

export function randomNonce(): string {
  if (pool.used + NONCE_BYTES > pool.bytes.length) {
    pool.bytes = randomBytes(NONCE_BYTES * 228);
    pool.used = 0;
  }
  pool.used += NONCE_BYTES;
  return pool.bytes.toString("base64url", pool.used - NONCE_BYTES, pool.used);
}

const drawing = { secret: "", nonce: "" };

/** The nonce Next draws pages with in production (see above). */
export function drawingNonce(): string {
  const secret = getEnv().SESSION_SECRET;
  if (drawing.secret !== secret) {
    drawing.secret = secret;
    drawing.nonce = createHmac("sha256", secret).update("page-drawing-nonce").digest().subarray(0, NONCE_BYTES).toString("base64url");
  }
  return drawing.nonce;
}

/** Whether pages are drawn with the drawing nonce: in production, which runs behind the production server. */
export function drawsWithDrawingNonce(): boolean {
  return getEnv().NODE_ENV === "production";
}

/** The policy's text around the nonce, made once per environment (a test may change it). */
const template = { env: undefined as ReturnType<typeof getEnv> | undefined, before: "", after: "" };

export function contentSecurityPolicy(nonce: string): string {
  const env = getEnv();
  if (template.env !== env) {
    // React's development build evaluates code for its stack traces; never in production.
    const devOnly = env.NODE_ENV === "development" ? " 'unsafe-eval'" : "";
    const cdn = new URL(env.DISCORD_CDN_URL).origin;
    const rest = [
      // React sets style attributes (progress bars, colour swatches); styles cannot run code.
      "style-src 'self' 'unsafe-inline'",
      `img-src 'self' data: blob: ${cdn}`,
      "font-src 'self'",
      // The error collector, only when reports are sent (lib/error-reporting/).
      `connect-src 'self'${env.errorReporting ? ` ${new URL(env.errorReporting.dsn).origin}` : ""}`,
      "object-src 'none'",
      "base-uri 'none'",
      "form-action 'self'",
      "frame-ancestors 'none'",
      ...(env.secureCookies ? ["upgrade-insecure-requests"] : []),
    ];
    // 'self' stays for browsers without 'strict-dynamic', which then ignore it.
    Object.assign(template, { env, before: "default-src 'self'; script-src 'self' 'nonce-", after: `' 'strict-dynamic'${devOnly}; ${rest.join("; ")}` });
  }
  return `${template.before}${nonce}${template.after}`;
}

/** The nonce a policy built here names. */
export function nonceOfPolicy(policy: string): string | null {
  return /'nonce-([A-Za-z0-9_-]+)'/.exec(policy)?.[1] ?? null;
}
