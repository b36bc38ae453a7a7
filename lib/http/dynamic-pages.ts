import { NextResponse, type NextRequest } from "next/server";
import { isLocale } from "@/lib/i18n/locales";
import { unseal, cookieName } from "@/lib/session/cookie";
import { SESSION_COOKIE } from "@/lib/session/session-cookie";
import { payerOf, spend } from "./budgets";

// Pages rendered per request and per visitor: the dashboard, the login page and the OAuth
// return pages. The public (site) pages are static (Next's cache, a CDN) and cost no render.

export function isDynamicPage(pathname: string): boolean {
  const [, first = "", second = ""] = pathname.split("/");
  if (first === "auth" || first === "guild-oauth" || first === "plugin-oauth") return true;
  return isLocale(first) && (second === "dashboard" || second === "login");
}

/**
 * Spends one unit of the "pages" budget for a dynamic page; a 429 answer when it is spent.
 * Runs before the session step so a refused request costs no token refresh or platform call:
 * the user id comes from the sealed cookie alone (a forged cookie does not unseal).
 */
export async function pageBudgetRefusal(req: NextRequest): Promise<NextResponse | null> {
  if (!isDynamicPage(req.nextUrl.pathname)) return null;
  const session = await unseal(SESSION_COOKIE, req.cookies.get(cookieName(SESSION_COOKIE))?.value);
  const retryAfter = spend(payerOf(session?.userId, req.headers), "pages");
  if (retryAfter === null) return null;
  return new NextResponse(`Too many requests. Try again in ${retryAfter} seconds.\n`, {
    status: 429,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": String(retryAfter), "Cache-Control": "no-store" },
  });
}
