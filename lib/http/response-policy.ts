import type { NextResponse } from "next/server";
import { getEnv } from "@/lib/env";

// Headers middleware adds to every answer it gives (DESIGN "Security rules").

export const HSTS = "max-age=63072000; includeSubDomains";

export function applyResponsePolicy(response: NextResponse): NextResponse {
  // Browsers ignore HSTS over plain HTTP, and a local http APP_URL must stay reachable.
  if (getEnv().APP_URL.startsWith("https://")) response.headers.set("Strict-Transport-Security", HSTS);
  // A per-visitor cookie (session refresh, XSRF token) must never reach a shared cache with
  // the page it rides on: that page would hand one visitor's cookie to the next. This wins
  // over the page's own Cache-Control (Next keeps a Cache-Control set here).
  if (response.headers.getSetCookie().length > 0) response.headers.set("Cache-Control", "private, no-store");
  return response;
}
