import { derivedNonce } from "@/lib/http/csp";
import { PLUGIN_IDS } from "@/lib/plugins/index";
import { isSnowflake } from "@/lib/platform/snowflake";
import { pageGeneration } from "./page-generation";

// The script nonce of a cached guild page (the overview and the plugin pages) at this
// guild's current page generation (lib/http/csp.ts says why it is derived). Middleware puts
// it in the page's policy; Next's page cache (server/page-cache-handler.cjs) serves a kept
// render only when it carries this nonce, so a render that began before a write (or before
// the platform showed a change) is never served after it. Not marked server-only: middleware
// reads it, and the page cache handler, loaded by Next outside its bundles, finds it on
// globalThis.

const CACHED_GUILD_PAGES = new Set<string>(PLUGIN_IDS);

/** The nonce of the cached guild page at this path (/{locale}/dashboard/{guildId}[/{plugin}]); null for any other path. */
export function cachedGuildPageNonce(pathname: string): string | null {
  const [, locale = "", area, guildId, page, ...deeper] = pathname.split("/");
  if (area !== "dashboard" || !isSnowflake(guildId) || deeper.length > 0) return null;
  if (page !== undefined && !CACHED_GUILD_PAGES.has(page)) return null;
  return derivedNonce(page ?? "overview", guildId, locale, String(pageGeneration(guildId)));
}

const store = globalThis as typeof globalThis & { __guildhallCachedPageNonce?: (pathname: string) => string | null };
store.__guildhallCachedPageNonce = cachedGuildPageNonce;
