import { NextRequest, NextResponse } from "next/server";
import { recordAutoLogin } from "@/lib/analytics/login-events";
import { loginUrlFor } from "@/lib/auth/redirect";
import { LOCALE_COOKIE, isLocale } from "@/lib/i18n/locales";
import { firstSegment, negotiateLocale } from "@/lib/i18n/negotiate";
import { XSRF_COOKIE } from "@/lib/http/xsrf-names";
import { canonicalHostResponse } from "@/lib/http/canonical-host";
import { isDynamicPage, pageBudgetRefusal } from "@/lib/http/dynamic-pages";
import { applyResponsePolicy } from "@/lib/http/response-policy";
import { issueXsrfCookie } from "@/lib/http/xsrf-cookie";
import { clearSessionCookies, sealSession, setSessionCookies } from "@/lib/session/browser-cookies";
import { cookieName } from "@/lib/session/cookie";
import { needsRefresh, refreshSession } from "@/lib/session/refresh";
import { SESSION_COOKIE, type Session } from "@/lib/session/session-cookie";
import { SIGNED_IN_COOKIE } from "@/lib/session/signed-in-hint";
import { openSession } from "@/lib/session/store";
import { guildPageVerdict } from "@/lib/guilds/page-verdict";
import { signVerdict, VERDICT_HEADER } from "@/lib/guilds/verdict-proof";
import { PLUGIN_IDS } from "@/lib/plugins/ids";
import { isSnowflake } from "@/lib/platform/snowflake";
import { contentSecurityPolicy, drawingNonce, drawsWithDrawingNonce, randomNonce } from "@/lib/http/csp";
import { PUBLIC_FILES, publicPath } from "@/lib/brand/assets";
import { registerMiddleware } from "@/lib/http/in-process-middleware";

// Early decisions: the canonical host, the page budget, language prefix, the login
// redirect, token refresh, the anti-forgery cookie, and who may open a guild's pages
// (the guild overview is a cached page, so this is where its access is decided). Pages
// that read the session and the /api route wrapper check again.

/** Paths served without a language segment (the files of public/ are passed through before). */
const UNPREFIXED = new Set(["guild-oauth", "plugin-oauth", "auth", "api", "sitemap.xml", "robots.txt", "privacy.html", "terms.html"]);
/**
 * Files of public/ (icons, favicon.ico, manifest, preview image): the matcher already skips
 * them; should one get here anyway, it is passed on as it is: no language redirect, no
 * session read, no cookie and no CSP, so it stays publicly cacheable (next.config.ts).
 */
const PUBLIC_PATHS = new Set(PUBLIC_FILES.map(publicPath));
const LEGAL = new Map([
  ["/privacy.html", "privacy"],
  ["/terms.html", "terms"],
]);

export async function middleware(req: NextRequest) {
  // First: on another host than APP_URL's, cookies would be bound to the wrong host.
  const elsewhere = canonicalHostResponse(req);
  if (elsewhere) return applyResponsePolicy(elsewhere);
  // Before the session step, which may refresh tokens and ask the platform.
  const overBudget = await pageBudgetRefusal(req);
  if (overBudget) return applyResponsePolicy(overBudget);
  // HSTS on https; a response that sets a cookie is never publicly cacheable.
  return applyResponsePolicy(await decide(req));
}

// The production server asks for this decision itself before sending a kept page (server/kept-pages.ts).
registerMiddleware((url, headers) => middleware(new NextRequest(url, { headers })));

/** Locale, login redirect, session refresh, guild page access: on APP_URL's host, within budget. */
async function decide(req: NextRequest): Promise<NextResponse> {
  const { pathname, search } = req.nextUrl;
  if (PUBLIC_PATHS.has(pathname)) return NextResponse.next();
  const segment = firstSegment(pathname);
  // Only this function may vouch for a verdict: a copy sent by the client is dropped.
  req.headers.delete(VERDICT_HEADER);
  const session = await currentSession(req);

  if (!isLocale(segment) && !UNPREFIXED.has(segment)) {
    const locale = negotiateLocale({
      pathname,
      storedPreference: req.cookies.get(LOCALE_COOKIE)?.value,
      acceptLanguage: req.headers.get("accept-language"),
    });
    const target = req.nextUrl.clone();
    target.pathname = `/${locale}${pathname === "/" ? "" : pathname}`;
    return NextResponse.redirect(target);
  }

  const legal = LEGAL.get(pathname);
  if (legal) {
    const lang = req.nextUrl.searchParams.get("lang");
    const locale = isLocale(lang)
      ? lang
      : negotiateLocale({ pathname: "/", storedPreference: req.cookies.get(LOCALE_COOKIE)?.value, acceptLanguage: req.headers.get("accept-language") });
    return finish(req, session, new URL(`/${locale}/legal/${legal}${search}`, req.url));
  }

  if (isLocale(segment) && isGuarded(pathname) && !session.current) {
    const toLogin = NextResponse.redirect(new URL(loginUrlFor(segment, pathname + search), req.url));
    // A dead cookie (signed out elsewhere, expired) goes now, not on every later request.
    if (session.cleared) clearSessionCookies(toLogin);
    return toLogin;
  }

  // A guild page that cannot exist gets a real 404 status: the dashboard streams
  // behind a loading boundary, after which the page could only render a 200.
  if (isLocale(segment) && isUnknownGuildPage(pathname)) {
    return finish(req, session, new URL(`/${segment}/not-found`, req.url));
  }

  const guildId = isLocale(segment) ? guildPageId(pathname) : null;
  if (guildId && session.current) {
    // Fails closed: when the platform cannot answer, the unavailable page explains.
    const verdict = await guildPageVerdict(session.current, guildId).catch(() => null);
    if (verdict?.kind !== "ok") return finish(req, session, new URL(`/${segment}/dashboard/unavailable/${guildId}`, req.url));
    req.headers.set(VERDICT_HEADER, signVerdict(guildId, session.current.userId));
    return finish(req, session, filteredAuditLog(req.nextUrl));
  }

  return finish(req, session);
}

/** Pages below /{locale}/dashboard/{guildId}/ are a plugin id, audit-log or copy-settings (with nothing deeper). */
const GUILD_PAGES = new Set<string>(["audit-log", "copy-settings", ...PLUGIN_IDS]);
/** Dashboard pages of the signed-in user, not of a guild: /{locale}/dashboard/account (wallets, crypto payments). */
const ACCOUNT_PAGE = "account";

function isUnknownGuildPage(pathname: string): boolean {
  const [, , area, guildId, page, ...rest] = pathname.split("/");
  if (area !== "dashboard" || guildId === undefined) return false;
  if (guildId === ACCOUNT_PAGE) return page !== undefined && page !== "";
  if (!isSnowflake(guildId)) return true;
  if (page === undefined || page === "") return false;
  return !GUILD_PAGES.has(page) || rest.some((part) => part !== "");
}

/**
 * The audit log with a query (filters, an older page) is drawn per request by its filtered/ page;
 * without one it is a cached page like the plugin pages.
 */
function filteredAuditLog(url: URL): URL | undefined {
  const [, , , , page, ...rest] = url.pathname.split("/");
  if (page !== "audit-log" || rest.length > 0 || url.search === "") return undefined;
  return new URL(`${url.pathname}/filtered${url.search}`, url);
}

/** The guild id of a guild page (/{locale}/dashboard/{guildId}/…), else null. */
function guildPageId(pathname: string): string | null {
  const [, , area, guildId] = pathname.split("/");
  return area === "dashboard" && isSnowflake(guildId) ? guildId : null;
}

function isGuarded(pathname: string): boolean {
  const [, , area] = pathname.split("/");
  // The staff tools show other people's guilds and accounts: never stored on the way either.
  return area === "dashboard" || area === "staff";
}

/**
 * `sealed`: a refreshed cookie to send; `renewed`: the unchanged cookie to send again with a
 * new Max-Age (the record was just seen in use, or the signed-in hint is missing); `cleared`:
 * a dead cookie to drop.
 */
type SessionState = { current: Session | null; sealed?: string; renewed?: string; cleared?: boolean };

async function currentSession(req: NextRequest): Promise<SessionState> {
  const raw = req.cookies.get(cookieName(SESSION_COOKIE))?.value;
  const opened = await openSession(raw);
  if (!opened) return { current: null, cleared: raw !== undefined };
  const current = opened.session;
  const renew = opened.seen || !req.cookies.has(SIGNED_IN_COOKIE);
  if (!needsRefresh(current)) return renew ? { current, renewed: raw } : { current };
  const outcome = await refreshSession(current);
  if (outcome.kind === "revoked") return { current: null, cleared: true };
  if (outcome.kind === "unchanged") return renew ? { current, renewed: raw } : { current };
  // A returning visitor signed in again without a login page (spec 4: auto_login_success).
  recordAutoLogin(req, outcome.session.userId);
  return { current: outcome.session, sealed: await sealSession(outcome.session) };
}


/** Passes the request on, forwarding a refreshed or cleared session cookie to both sides. */
function finish(req: NextRequest, session: SessionState, rewriteTo?: URL): NextResponse {
  const name = cookieName(SESSION_COOKIE);
  if (session.sealed) req.cookies.set(name, session.sealed);
  else if (session.cleared) req.cookies.delete(name);
  // Every page's scripts need a nonce (lib/http/csp.ts); API answers are not pages. Next puts the
  // nonce it finds in the request's policy on the scripts it draws: the drawing nonce behind the
  // production server, which gives each response its own policy as it sends it (Next copies
  // middleware's response headers onto the request, so middleware sets none there); elsewhere
  // this response's policy.
  const isPage = firstSegment(req.nextUrl.pathname) !== "api";
  const policy = !isPage ? null : contentSecurityPolicy(drawsWithDrawingNonce() ? drawingNonce() : randomNonce());
  if (policy) req.headers.set("content-security-policy", policy);
  const forward = { request: { headers: req.headers } };
  const response = rewriteTo ? NextResponse.rewrite(rewriteTo, forward) : NextResponse.next(forward);
  if (policy && !drawsWithDrawingNonce()) response.headers.set("Content-Security-Policy", policy);
  const sent = session.sealed ?? session.renewed;
  if (sent && session.current) setSessionCookies(response, sent, session.current);
  else if (session.cleared) clearSessionCookies(response);
  // Only on dynamic pages: a public page stays cookie-free and cacheable (the fetch wrapper
  // asks /api/xsrf when a write finds no token).
  if (!req.cookies.get(XSRF_COOKIE) && isDynamicPage(req.nextUrl.pathname)) issueXsrfCookie(response);
  // My servers and the guild pages come prerendered or from the page cache, which labels them
  // for shared caches (s-maxage): a proxy keeping one would serve it past the login redirect
  // and the guild verdict. Only the browser may keep them.
  if (isGuarded(req.nextUrl.pathname)) response.headers.set("Cache-Control", "private, no-store");
  return response;
}

export const config = {
  runtime: "nodejs",
  matcher: [
    // Not static files: images, fonts and the web app manifest (public/, lib/brand/assets.ts).
    "/((?!_next/static|_next/image|.*\\.(?:png|jpg|jpeg|gif|webp|svg|ico|woff2?|webmanifest)$).*)",
    // Every dashboard path, whatever it ends with: `/en/dashboard/{id}/x.png` must meet the verdict too.
    "/:locale/dashboard/:path*",
  ],
};
