// Next's page cache (its own in-memory store, unchanged) with one rule added for the cached
// guild pages: a kept render is served only while it carries the script nonce of the guild's
// current page generation (lib/guilds/cached-page-nonce.ts). Every write to a guild, and every
// change the platform shows (a rename in Discord), moves the generation on; a render that began
// before it would otherwise be stored after the write's expiry and served for a minute: showing
// the old settings, with a nonce the browser's policy no longer allows (no script would run).
// Plain CommonJS: Next loads this file by path at run time and at build, outside its bundles.
"use strict";

const FileSystemCache = require("next/dist/server/lib/incremental-cache/file-system-cache").default;

/** The page path of a page cache key (Next 16: `/route-cache/{kind}/{hash}/$/{path}`). */
function pagePath(key) {
  const marker = key.indexOf("/$/");
  return marker === -1 ? null : key.slice(marker + 2);
}

/** True for a guild page render whose nonce is no longer the guild's current one. */
function isOutdated(key, value) {
  if (!value || value.kind !== "APP_PAGE" || typeof value.html !== "string") return false;
  // Registered when middleware is first loaded; before that no guild page was rendered.
  const currentNonce = globalThis.__guildhallCachedPageNonce;
  const path = pagePath(key);
  const nonce = currentNonce && path ? currentNonce(path) : null;
  return nonce !== null && !value.html.includes(`nonce="${nonce}"`);
}

class GuildPageCache extends FileSystemCache {
  async get(key, ctx) {
    const entry = await super.get(key, ctx);
    return entry && isOutdated(key, entry.value) ? null : entry;
  }

  async set(key, data, ctx) {
    // Keeps what is stored (perhaps a newer render) rather than an outdated one.
    if (isOutdated(key, data)) return;
    return super.set(key, data, ctx);
  }
}

module.exports = GuildPageCache;
