import type { Locale } from "@/lib/i18n/locales";

// Login redirects (spec 2 and 5). Pure, shared by middleware, pages and routes.

/** Only same-site absolute paths may be redirect targets: never `//host` or `/\host`. */
export function isSafePath(value: string): boolean {
  return value.startsWith("/") && !value.startsWith("//") && !value.startsWith("/\\") && !/[\u0000-\u001f]/.test(value);
}

export function defaultAfterLogin(locale: Locale): string {
  return `/${locale}/dashboard`;
}

/**
 * Builds the target after login from the login page's query.
 * `redirect` may itself carry a query whose later `?` were not encoded
 * (`/a?x=1?y=2`): only the first `?` starts the query, the rest become `&`.
 * Any other parameters of the login URL belong to the target and are appended.
 */
export function normalizeLoginRedirect(query: URLSearchParams, locale: Locale): string {
  const raw = query.get("redirect");
  if (!raw || !isSafePath(raw)) return defaultAfterLogin(locale);
  const [path = "/", ...queryParts] = raw.split("?");
  const params = new URLSearchParams(queryParts.join("&"));
  for (const [key, value] of query) {
    if (key !== "redirect") params.append(key, value);
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** The login URL a guard sends a visitor to, keeping the full current path and query. */
export function loginUrlFor(locale: Locale, pathAndQuery: string): string {
  return `/${locale}/login?redirect=${encodeURIComponent(pathAndQuery)}`;
}
