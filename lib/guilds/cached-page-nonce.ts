import { derivedNonce } from "@/lib/http/csp";
import { isLocale } from "@/lib/i18n/locales";
import { PLUGIN_IDS } from "@/lib/plugins/index";
import { isSnowflake } from "@/lib/platform/snowflake";
import { pageGeneration } from "./page-generation";

// The script nonce of a cached guild page (the overview, the plugin pages and the public
// leaderboard's list pages) at this guild's current page generation (lib/http/csp.ts says why
// it is derived). Middleware puts it in the page's policy; Next's page cache
// (server/page-cache-handler.cjs) serves a kept render only when it carries this nonce, so a
// render that began before a write (or before the platform showed a change) is never served
// after it. Not marked server-only: middleware reads it, and the page cache handler, loaded
// by Next outside its bundles, finds it on globalThis.
//
// The premium page takes part too: it is the same for every visitor and Next redraws it every
// few minutes (its prices), so neither the hashes of a build's scripts nor a fresh nonce per
// request can allow its scripts (a kept render carries the nonce of the request that drew it).
// Its nonce is one per language, public like the leaderboard's: the page holds nothing of its
// visitor. The render made at build carries no nonce and is drawn again on first use.

const CACHED_GUILD_PAGES = new Set<string>(PLUGIN_IDS);

/** Page numbers of the public leaderboard's list pages (/{locale}/leaderboard/{guildId}/{page}). */
const LEADERBOARD_PAGE = /^[1-9]\d{0,6}$/;

/**
 * The nonce of the cached page at this path: the overview and plugin pages
 * (/{locale}/dashboard/{guildId}[/{plugin}]), the public leaderboard's list pages
 * (/{locale}/leaderboard/{guildId}[/{page}]) and the premium page; null for any other path.
 */
export function cachedGuildPageNonce(pathname: string): string | null {
  const [, locale = "", area, guildId, page, ...deeper] = pathname.split("/");
  if (area === "premium" && guildId === undefined && isLocale(locale)) return derivedNonce("premium", locale);
  if (!isSnowflake(guildId) || deeper.length > 0) return null;
  const generation = String(pageGeneration(guildId));
  if (area === "dashboard" && (page === undefined || CACHED_GUILD_PAGES.has(page))) {
    return derivedNonce(page ?? "overview", guildId, locale, generation);
  }
  // Anyone may load the leaderboard, so its nonce is public: the page holds nothing of its
  // viewer, React escapes every name in it, and each render (a minute at most) has a new one.
  if (area === "leaderboard" && (page === undefined || LEADERBOARD_PAGE.test(page))) {
    return derivedNonce("leaderboard", guildId, locale, page ?? "1", generation);
  }
  return null;
}

const store = globalThis as typeof globalThis & { __guildhallCachedPageNonce?: (pathname: string) => string | null };
store.__guildhallCachedPageNonce = cachedGuildPageNonce;
