import { NextResponse, type NextRequest } from "next/server";
import { isLocale } from "@/lib/i18n/locales";
import { unseal, cookieName } from "@/lib/session/cookie";
import { SESSION_COOKIE } from "@/lib/session/session-cookie";
import { payerOf, spend, type BudgetName } from "./budgets";

// Pages rendered per request and per visitor: the dashboard, the login page, the staff tools, the
// OAuth return pages and a server's membership page (it shows the visitor's own membership and acts
// on it). The public (site) pages are static (Next's cache, a CDN) and cost no render,
// but for a leaderboard search, drawn per request for anyone: it has a budget of its own.

export function isDynamicPage(pathname: string): boolean {
  const [, first = "", second = ""] = pathname.split("/");
  if (first === "auth" || first === "guild-oauth" || first === "plugin-oauth") return true;
  return isLocale(first) && (second === "dashboard" || second === "login" || second === "memberships" || second === "staff");
}

/** A search of a public leaderboard (/{locale}/leaderboard/{guildId}/search): public, but drawn per request. */
function isLeaderboardSearch(pathname: string): boolean {
  const [, locale = "", area, , page, ...rest] = pathname.split("/");
  return isLocale(locale) && area === "leaderboard" && page === "search" && rest.every((part) => part === "");
}

/** The budget a page spends: "pages" for dynamic pages, its own for leaderboard searches, none for other public pages. */
function pageBudget(pathname: string): BudgetName | null {
  if (isLeaderboardSearch(pathname)) return "leaderboard-searches";
  return isDynamicPage(pathname) ? "pages" : null;
}

/**
 * Spends one unit of the page's budget (per user, or per client address when signed out); a
 * 429 answer when it is spent. Runs before the session step so a refused request costs no
 * token refresh or platform call: the user id comes from the sealed cookie alone (a forged
 * cookie does not unseal).
 */
export async function pageBudgetRefusal(req: NextRequest): Promise<NextResponse | null> {
  const budget = pageBudget(req.nextUrl.pathname);
  if (!budget) return null;
  const session = await unseal(SESSION_COOKIE, req.cookies.get(cookieName(SESSION_COOKIE))?.value);
  const retryAfter = await spend(payerOf(session?.userId, req.headers), budget);
  if (retryAfter === null) return null;
  return new NextResponse(`Too many requests. Try again in ${retryAfter} seconds.\n`, {
    status: 429,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": String(retryAfter), "Cache-Control": "no-store" },
  });
}
