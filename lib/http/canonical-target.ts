import { getEnv } from "@/lib/env";

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
// (server/canonical-host.ts); middleware's answer (canonical-host.ts) serves `next dev` and the 421.
// No import of next/server here: the server loads this file before Next is started.

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

function sameHost(host: string, canonical: URL): boolean {
  if (!/^[a-z0-9.\-:[\]]+$/i.test(host)) return false;
  try {
    // Parsed with APP_URL's scheme so that a default port written out (":443") compares equal.
    return new URL(`${canonical.protocol}//${host}`).host === canonical.host;
  } catch {
    return false;
  }
}
