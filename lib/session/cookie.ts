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

export function seal<T>(spec: CookieSpec<T>, data: T): Promise<string> {
  return sealData(data, { password: getEnv().SESSION_SECRET, ttl: spec.maxAgeSeconds });
}

/** A tampered, truncated, expired or wrong-key cookie reads as absent, never as an error. */
export async function unseal<T>(spec: CookieSpec<T>, value: string | undefined): Promise<T | null> {
  if (!value || value.length > 8192) return null;
  try {
    const data = await unsealData<unknown>(value, { password: getEnv().SESSION_SECRET, ttl: spec.maxAgeSeconds });
    const parsed = spec.schema.safeParse(data);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
