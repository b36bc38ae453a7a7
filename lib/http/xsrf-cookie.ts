import type { NextResponse } from "next/server";
import { getEnv } from "@/lib/env";
import { XSRF_COOKIE } from "./xsrf-names";

/**
 * Sets a fresh anti-forgery token (double-submit, read by the browser). Issued by middleware
 * on dynamic pages only, and by GET /api/xsrf, which the browser's fetch wrapper calls before
 * a write when the cookie is missing: public pages set no cookie and stay publicly cacheable.
 */
export function issueXsrfCookie(response: NextResponse): void {
  response.cookies.set(XSRF_COOKIE, crypto.randomUUID().replaceAll("-", ""), {
    sameSite: "lax",
    secure: getEnv().secureCookies,
    path: "/",
    httpOnly: false,
  });
}
