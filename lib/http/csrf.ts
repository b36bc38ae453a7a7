import { timingSafeEqual } from "node:crypto";
import type { NextRequest } from "next/server";
import { getEnv } from "@/lib/env";
import { ApiError } from "./api-error";
import { XSRF_COOKIE, XSRF_HEADER } from "./xsrf-names";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function isMutating(method: string): boolean {
  return !SAFE_METHODS.has(method.toUpperCase());
}

/** Double-submit token plus a same-origin Origin header (spec 7; DESIGN security rules). */
export function assertCsrf(req: NextRequest): void {
  const cookie = req.cookies.get(XSRF_COOKIE)?.value ?? "";
  const header = req.headers.get(XSRF_HEADER) ?? "";
  if (!cookie || !header || !safeEqual(cookie, header)) {
    throw new ApiError(403, "xsrf_invalid", "Missing or invalid anti-forgery token.");
  }
  assertSameOrigin(req);
}

/**
 * The Origin check alone, for writes that change nothing of the caller's and may come from a
 * sender that cannot add the token header (the analytics proxy: the SDK's own transport, a beacon).
 */
export function assertSameOrigin(req: NextRequest): void {
  const origin = req.headers.get("origin");
  if (!origin || !allowedOrigins(req).has(origin)) {
    throw new ApiError(403, "origin_invalid", "Cross-origin requests are not allowed.");
  }
}

function allowedOrigins(req: NextRequest): Set<string> {
  return new Set([new URL(getEnv().APP_URL).origin, req.nextUrl.origin]);
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
