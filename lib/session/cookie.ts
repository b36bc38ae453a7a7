import { sealData, unsealData } from "iron-session";
import { z } from "zod";
import { getEnv } from "@/lib/env";

// Sealed (encrypted + signed) cookies shared by the session and the pre-login step.
// Not marked server-only: middleware uses it too, and it holds no secret itself.

export type CookieSpec<T> = { baseName: string; maxAgeSeconds: number; schema: z.ZodType<T> };

export type CookieOptions = {
  httpOnly: true;
  sameSite: "lax";
  secure: boolean;
  path: "/";
  maxAge: number;
};

/** `__Host-` needs Secure, path `/` and no Domain: only possible over HTTPS. */
export function cookieName(spec: CookieSpec<unknown>): string {
  return getEnv().secureCookies ? `__Host-${spec.baseName}` : spec.baseName;
}

export function cookieOptions(spec: CookieSpec<unknown>): CookieOptions {
  return { httpOnly: true, sameSite: "lax", secure: getEnv().secureCookies, path: "/", maxAge: spec.maxAgeSeconds };
}

/** `ttlSeconds`: when the sealed value stops opening (the spec's Max-Age unless a shorter one is given). */
export function seal<T>(spec: CookieSpec<T>, data: T, ttlSeconds = spec.maxAgeSeconds): Promise<string> {
  return sealData(data, { password: getEnv().SESSION_SECRET, ttl: Math.min(ttlSeconds, spec.maxAgeSeconds) });
}

/** A tampered, truncated, expired or wrong-key cookie reads as absent, never as an error. */
export async function unseal<T>(spec: CookieSpec<T>, value: string | undefined): Promise<T | null> {
  if (!value || value.length > 8192) return null;
  const password = getEnv().SESSION_SECRET;
  const key = `${password}\n${value}`;
  const remembered = unsealed.get(key);
  if (remembered && remembered.until > Date.now()) return parsedAs(spec, remembered.data);
  let data: unknown;
  try {
    data = await unsealData<unknown>(value, { password, ttl: spec.maxAgeSeconds });
  } catch {
    return null;
  }
  remember(key, data);
  return parsedAs(spec, data);
}

function parsedAs<T>(spec: CookieSpec<T>, data: unknown): T | null {
  const parsed = spec.schema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

// Unsealing derives keys (PBKDF2) and decrypts: a fifth of a cheap page's CPU when done for
// every request, twice (page budget, session). The same sealed text always opens to the same
// data, so it is kept briefly; whether the session is still alive is decided elsewhere, per
// request (lib/session/store.ts). Per process, on globalThis so every bundle shares it.
const UNSEALED_FOR_MS = 60_000;
const MAX_UNSEALED = 10_000;
const unsealedStore = globalThis as typeof globalThis & { __guildhallUnsealed?: Map<string, { data: unknown; until: number }> };
const unsealed = (unsealedStore.__guildhallUnsealed ??= new Map());

function remember(key: string, data: unknown): void {
  unsealed.delete(key);
  unsealed.set(key, { data, until: Date.now() + UNSEALED_FOR_MS });
  while (unsealed.size > MAX_UNSEALED) {
    const oldest = unsealed.keys().next();
    if (oldest.done) break;
    unsealed.delete(oldest.value);
  }
}
