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
//
// The redirect must name APP_URL's origin, absolute: Next's router turns the Location of any
// redirect middleware answers into a relative one when it points at what Next takes for its own
// origin (http://localhost:PORT, whatever host was asked), which with the default APP_URL sent
// 127.0.0.1 to itself forever. So the production server answers these redirects before Next
// (server/canonical-host.ts); middleware's answer below serves `next dev` and the 421.

export type HostRequest = {
  method: string;
  host: string | null;
  forwardedHost: string | null;
  /** The request target: path and query as sent ("/en/login?x=1"). */
  target: string;
};

/** null on APP_URL's host; else where a GET or HEAD goes (the same path and query on APP_URL), or "wrong_host" for other methods. */
export function canonicalAnswer(request: HostRequest, trustProxy = getEnv().TRUST_PROXY > 0): { redirect: string } | "wrong_host" | null {
  const canonical = new URL(getEnv().APP_URL);
  const forwarded = trustProxy ? request.forwardedHost?.split(",")[0]?.trim() : undefined;
  if (sameHost(forwarded || request.host || "", canonical)) return null;
  if (request.method !== "GET" && request.method !== "HEAD") return "wrong_host";
  // Path and query set apart from the origin: a path like "//elsewhere" cannot change the host.
  const target = new URL(canonical.origin);
  const queryAt = request.target.indexOf("?");
  target.pathname = queryAt < 0 ? request.target : request.target.slice(0, queryAt);
  target.search = queryAt < 0 ? "" : request.target.slice(queryAt);
  return { redirect: target.href };
}

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

function sameHost(host: string, canonical: URL): boolean {
  if (!/^[a-z0-9.\-:[\]]+$/i.test(host)) return false;
  try {
    // Parsed with APP_URL's scheme so that a default port written out (":443") compares equal.
    return new URL(`${canonical.protocol}//${host}`).host === canonical.host;
  } catch {
    return false;
  }
}
