import { createHash, createHmac, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { getEnv } from "@/lib/env";

// The Content-Security-Policy of every HTML page. Scripts run only when the policy names
// them, never through 'unsafe-inline':
//  - pages rendered per request get a fresh random nonce, which Next puts on its scripts
//    (it reads it from the request's CSP header);
//  - pages prerendered at build (landing, legal) never change, so their inline scripts
//    are allowed by their SHA-256 hashes, read once from the prerendered HTML;
//  - the cached guild overview is rendered once and served many times, so its nonce is
//    derived from a secret, the guild, the language and how many times the guild's pages
//    were expired in this process: every new render has a nonce no one has seen, and only
//    the guild's managers (who pass the verdict) ever see it.
// Not marked server-only: middleware builds it.

export type ScriptPolicy = { nonce: string } | { hashes: string[] };

export function randomNonce(): string {
  return randomBytes(18).toString("base64url");
}

/** Process-wide random part of derived nonces, so a restart never repeats one. */
const store = globalThis as typeof globalThis & { __guildhallNonceSalt?: string };
const salt = () => (store.__guildhallNonceSalt ??= randomBytes(16).toString("hex"));

export function derivedNonce(...parts: string[]): string {
  return createHmac("sha256", getEnv().SESSION_SECRET).update(["csp-nonce", salt(), ...parts].join("\0")).digest("base64url").slice(0, 24);
}

export function contentSecurityPolicy(scripts: ScriptPolicy): string {
  const env = getEnv();
  const scriptSources = "nonce" in scripts ? [`'nonce-${scripts.nonce}'`] : scripts.hashes.map((hash) => `'sha256-${hash}'`);
  // React's development build evaluates code for its stack traces; never in production.
  const devOnly = env.NODE_ENV === "development" ? ["'unsafe-eval'"] : [];
  const cdn = new URL(env.DISCORD_CDN_URL).origin;
  const directives = [
    "default-src 'self'",
    `script-src 'self' ${[...scriptSources, ...devOnly].join(" ")}`.trim(),
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

type Prerendered = { routes: Set<string>; hashes: Map<string, string[] | null> };
const prerenderStore = globalThis as typeof globalThis & { __guildhallPrerendered?: Prerendered };

/** Paths Next prerendered at build, from its prerender manifest (empty in development and tests). */
function prerendered(): Prerendered {
  if (!prerenderStore.__guildhallPrerendered) {
    let routes = new Set<string>();
    try {
      type Route = { routeType?: string; initialRevalidateSeconds?: number | false };
      const manifest = JSON.parse(readFileSync(/*turbopackIgnore: true*/ path.join(process.cwd(), ".next", "prerender-manifest.json"), "utf8")) as { routes?: Record<string, Route> };
      // Only HTML pages that never change: a page that revalidates would get new inline scripts.
      routes = new Set(
        Object.entries(manifest.routes ?? {})
          .filter(([, route]) => route.routeType === "page" && !route.initialRevalidateSeconds)
          .map(([route]) => route),
      );
    } catch {
      // No build (development, tests): every page is rendered per request and takes a nonce.
    }
    prerenderStore.__guildhallPrerendered = { routes, hashes: new Map() };
  }
  return prerenderStore.__guildhallPrerendered;
}

const INLINE_SCRIPT = /<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g;

/** SHA-256 hashes of every inline script of a page prerendered at build, or null when it was not. */
export function prerenderedScriptHashes(pathname: string): string[] | null {
  const state = prerendered();
  if (!state.routes.has(pathname)) return null;
  const known = state.hashes.get(pathname);
  if (known !== undefined) return known;
  let hashes: string[] | null = null;
  try {
    const html = readFileSync(/*turbopackIgnore: true*/ path.join(process.cwd(), ".next", "server", "app", `${pathname === "/" ? "index" : pathname.slice(1)}.html`), "utf8");
    hashes = [...new Set(Array.from(html.matchAll(INLINE_SCRIPT), (match) => createHash("sha256").update(match[1] ?? "").digest("base64")))];
  } catch (error) {
    console.warn(`[csp] prerendered HTML of ${pathname} could not be read; it gets a nonce instead`, error);
  }
  state.hashes.set(pathname, hashes);
  return hashes;
}
