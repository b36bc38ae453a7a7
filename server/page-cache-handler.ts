// Next's page cache (next.config.ts `cacheHandler`, the ISR handler of Next's documented API:
// get, set, revalidateTag, resetRequestCache), kept in this process's page cache store
// (lib/page-cache/registry.ts: in memory, or Redis when REDIS_URL is set). Keys are Next's and
// opaque: stored and looked up as given. Validity is by tags only: the guild pages carry their
// guild's tag (lib/guilds/page-cache.ts), and an entry is served only while none of its tags
// expired since its render began.
//
// "Since its render began", not "since it was stored": a render that began before a write and
// finished after it drew the old settings. Next asks get() for a key before it renders it, so
// the miss (or the stale hit) that leads to a render is when that render began.
// Loaded by the production server only, through page-cache-handler.cjs.
import { pageCacheStore } from "../lib/page-cache/registry";
import { isCurrent } from "../lib/page-cache/store";
import type { CachedPage } from "../lib/page-cache/store";

type GetContext = { kind?: string; tags?: string[]; softTags?: string[] };
type SetContext = { tags?: string[]; cacheControl?: CachedPage["cacheControl"] };
type NextValue = { headers?: Record<string, unknown> } | null;

/** Next hands a page's tags (its own and the path's) in the entry's cache-tags header, where its built-in cache reads them too. */
const TAGS_HEADER = "x-next-cache-tags";

/** When the render of each key now under way began; cleared when it is stored. */
const renderStarts = new Map<string, number>();
/** Renders that never store anything (a failed render) are forgotten past this many. */
const MAX_RENDERS_UNDER_WAY = 10_000;

function renderBegins(key: string): void {
  if (renderStarts.has(key)) return;
  if (renderStarts.size >= MAX_RENDERS_UNDER_WAY) renderStarts.delete(renderStarts.keys().next().value!);
  renderStarts.set(key, Date.now());
}

function tagsOf(value: NextValue, ctx: SetContext): string[] {
  const header = value?.headers?.[TAGS_HEADER];
  return [...(typeof header === "string" && header ? header.split(",") : []), ...(ctx.tags ?? [])];
}

/** Past its `revalidate` seconds Next serves the entry once more and renders it again meanwhile. */
function isPastRevalidate(page: CachedPage): boolean {
  const revalidate = page.cacheControl?.revalidate;
  return typeof revalidate === "number" && page.renderedAt + revalidate * 1000 < Date.now();
}

export default class PageCacheHandler {
  // Next makes one handler per request; what lasts is the store's.
  constructor(_ctx?: unknown) {}

  async get(key: string, ctx: GetContext = {}) {
    try {
      const store = pageCacheStore();
      const page = await store.get(key);
      if (page && (await isCurrent(store, page, [...(ctx.tags ?? []), ...(ctx.softTags ?? [])]))) {
        if (isPastRevalidate(page)) renderBegins(key);
        return { value: page.value, lastModified: page.renderedAt, cacheControl: page.cacheControl };
      }
    } catch (error) {
      // A store that cannot answer (Redis down) is a miss: the page is drawn anew, never held.
      console.warn("[page cache] read failed, drawing the page anew:", error instanceof Error ? error.message : error);
    }
    renderBegins(key);
    return null;
  }

  async set(key: string, value: NextValue, ctx: SetContext = {}) {
    const renderedAt = renderStarts.get(key) ?? Date.now();
    renderStarts.delete(key);
    if (!value) return;
    try {
      await pageCacheStore().set(key, { value, tags: tagsOf(value, ctx), renderedAt, cacheControl: ctx.cacheControl });
    } catch (error) {
      console.warn("[page cache] write failed, the page will be drawn again:", error instanceof Error ? error.message : error);
    }
  }

  async revalidateTag(tags: string | string[]) {
    // The write that asked has landed: a store that cannot take the expiry now takes it later (redis-store.ts).
    await pageCacheStore()
      .expire(typeof tags === "string" ? [tags] : tags)
      .catch((error: unknown) => console.warn("[page cache] expiry delayed:", error instanceof Error ? error.message : error));
  }

  resetRequestCache() {}
}
