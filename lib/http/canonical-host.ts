import { NextResponse, type NextRequest } from "next/server";
import { getEnv } from "@/lib/env";
import { ApiError } from "./api-error";
import { canonicalAnswer } from "./canonical-target";
import { errorResponse } from "./error-response";

// Middleware's side of the canonical host (the rule and why: canonical-target.ts).

/** Middleware's answer: null on APP_URL's host; else 308 to the same path and query there (GET, HEAD) or 421. */
export function canonicalHostResponse(req: NextRequest): NextResponse | null {
  const host = req.headers.get("host") ?? new URL(req.url).host;
  const answer = canonicalAnswer({ method: req.method, host, forwardedHost: req.headers.get("x-forwarded-host"), target: req.nextUrl.pathname + req.nextUrl.search });
  if (answer === null) return null;
  if (answer !== "wrong_host") {
    const response = NextResponse.redirect(answer.redirect, 308);
    response.headers.set("Cache-Control", "no-store");
    return response;
  }
  // A write sent to another host comes from a page loaded there, which holds no cookies or
  // XSRF token of APP_URL: replaying it there (308 keeps method and body) could only fail the
  // origin check. 421 says plainly that this host does not serve the app.
  return errorResponse(new ApiError(421, "wrong_host", `This address does not serve Guildhall: use ${new URL(getEnv().APP_URL).origin}.`));
}
