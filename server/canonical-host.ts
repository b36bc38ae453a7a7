// Requests on another host than APP_URL's, answered before Next: Next would make the absolute
// Location of middleware's redirect relative when APP_URL is its own origin (the default), and
// the browser would ask the wrong host again forever (lib/http/canonical-target.ts). Writes to
// another host go on to middleware, whose 421 is an error envelope without a Location.
import type { IncomingMessage, ServerResponse } from "node:http";
import { getEnv } from "../lib/env";
import { canonicalAnswer } from "../lib/http/canonical-target";
import { HSTS } from "../lib/http/response-policy";

/** Sends the 308 to APP_URL and returns true for a GET or HEAD on another host; else false. */
export function redirectToCanonicalHost(req: IncomingMessage, res: ServerResponse): boolean {
  const forwarded = req.headers["x-forwarded-host"];
  const answer = canonicalAnswer({
    method: req.method ?? "GET",
    host: req.headers.host ?? null,
    forwardedHost: (Array.isArray(forwarded) ? forwarded[0] : forwarded) ?? null,
    target: req.url ?? "/",
  });
  if (answer === null || answer === "wrong_host") return false;
  res.writeHead(308, {
    Location: answer.redirect,
    "Cache-Control": "no-store",
    ...(getEnv().APP_URL.startsWith("https://") && { "Strict-Transport-Security": HSTS }),
  });
  res.end();
  return true;
}
