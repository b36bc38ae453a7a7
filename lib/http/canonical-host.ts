import { NextResponse, type NextRequest } from "next/server";
import { getEnv } from "@/lib/env";
import { ApiError } from "./api-error";
import { errorResponse } from "./error-response";

// Requests on another host than APP_URL's (127.0.0.1:3000 for localhost:3000, a bare IP, an
// old domain) are sent to APP_URL before anything else runs: cookies are bound to APP_URL's
// host, so a sign-in started elsewhere would silently fail to stick.
//
// The host is the Host header: Next builds req.nextUrl from its own hostname, and NextURL
// writes 127.0.0.1 and [::1] as "localhost" anyway.
// Behind a proxy that header is whatever the proxy forwards: the proxy must preserve Host, or
// send X-Forwarded-Host, which is read only when TRUST_PROXY is set (a forged one can only
// send its sender to APP_URL, or keep it where it is).

export function requestHost(req: NextRequest, trustProxy = getEnv().TRUST_PROXY > 0): string {
  const forwarded = trustProxy ? req.headers.get("x-forwarded-host")?.split(",")[0]?.trim() : undefined;
  return forwarded || req.headers.get("host") || new URL(req.url).host;
}

/** null on APP_URL's host; else 308 to the same path and query there (GET, HEAD) or 421. */
export function canonicalHostResponse(req: NextRequest): NextResponse | null {
  const canonical = new URL(getEnv().APP_URL);
  if (sameHost(requestHost(req), canonical)) return null;
  if (req.method === "GET" || req.method === "HEAD") {
    // Path and query set apart from the origin: a path like "//elsewhere" cannot change the host.
    const target = new URL(canonical.origin);
    target.pathname = req.nextUrl.pathname;
    target.search = req.nextUrl.search;
    const response = NextResponse.redirect(target, 308);
    response.headers.set("Cache-Control", "no-store");
    return response;
  }
  // A write sent to another host comes from a page loaded there, which holds no cookies or
  // XSRF token of APP_URL: replaying it there (308 keeps method and body) could only fail the
  // origin check. 421 says plainly that this host does not serve the app.
  return errorResponse(new ApiError(421, "wrong_host", `This address does not serve Guildhall: use ${canonical.origin}.`));
}

function sameHost(host: string, canonical: URL): boolean {
  if (!/^[a-z0-9.\-:[\]]+$/i.test(host)) return false;
  try {
    // Parsed with APP_URL's scheme so that a default port written out (":443") compares equal.
    return new URL(`${canonical.protocol}//${host}`).host === canonical.host;
  } catch {
    return false;
  }
}
