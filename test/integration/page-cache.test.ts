/** @jest-environment node */
// Next's page cache as the production server configures it (server/page-cache-handler.ts over
// the in-process store): a guild page is served until its guild's tag expires, a write expires
// that guild's pages only, in every language, at once, and a render begun before a write is
// never served after it. Next's side is played as Next calls a cache handler: get() before a
// render, set() after it, the page's tags in its cache-tags header.
import { GUILD_IDS } from "@/emulators/platform/data/ids";
import { expireGuildPages } from "@/lib/guilds/page-cache";
import { guildPagesTag } from "@/lib/guilds/page-cache-tag";
import { memoryPageCacheStore } from "@/lib/page-cache/memory-store";
import { pageCacheStore, setPageCacheStore } from "@/lib/page-cache/registry";
import type { PageCacheStore } from "@/lib/page-cache/store";
import PageCacheHandler from "@/server/page-cache-handler";

const WORKSHOP = GUILD_IDS.workshop;
const NIGHT_OWLS = GUILD_IDS.nightOwls;

/** Next's opaque key for a path (the handler never reads it). */
const keyOf = (path: string) => `/route-cache/APP_PAGE/${"0".repeat(64)}/$${path}`;

/** A page as Next hands it over: its tags (the guild's, the path's) in the cache-tags header. */
function render(guildId: string, path: string, html = `<html>${path}</html>`) {
  return { kind: "APP_PAGE", html, rscData: Buffer.from(html), status: 200, headers: { "x-next-cache-tags": `${guildPagesTag(guildId)},_N_T_/layout,_N_T_${path}` } };
}

const cache = new PageCacheHandler();
const pageCtx = { kind: "APP_PAGE" };
const setCtx = { cacheControl: { revalidate: 60, expire: 31536000 } };

/** What Next does for a request: get, and on a miss render and set. Returns whether it was served from the cache. */
async function load(guildId: string, path: string): Promise<boolean> {
  if (await cache.get(keyOf(path), pageCtx)) return true;
  await cache.set(keyOf(path), render(guildId, path), setCtx);
  return false;
}

let now = Date.UTC(2026, 10, 28);
beforeEach(() => {
  setPageCacheStore(memoryPageCacheStore(64 * 1024 * 1024));
  // Renders and expiries are stamped by the clock: each step of a test gets its own millisecond,
  // and each test starts later than the last one ended.
  now += 60_000;
  jest.useFakeTimers({ now, doNotFake: ["nextTick", "setImmediate", "queueMicrotask"] });
});
afterEach(() => jest.useRealTimers());

describe("the page cache", () => {
  const workshopPages = ["en", "fr", "ar"].flatMap((locale) => [`/${locale}/dashboard/${WORKSHOP}`, `/${locale}/dashboard/${WORKSHOP}/welcome`]);
  const nightOwlsPage = `/en/dashboard/${NIGHT_OWLS}/welcome`;

  it("serves a page drawn once to every later request, with Next's lifetime", async () => {
    expect(await load(WORKSHOP, workshopPages[0]!)).toBe(false);
    expect(await load(WORKSHOP, workshopPages[0]!)).toBe(true);
    const entry = await cache.get(keyOf(workshopPages[0]!), pageCtx);
    expect(entry?.value).toMatchObject({ kind: "APP_PAGE", html: `<html>${workshopPages[0]}</html>` });
    expect(entry?.cacheControl).toEqual(setCtx.cacheControl);
  });

  it("expires every page of the guild in every language with one expiry, and no other guild's", async () => {
    for (const path of [...workshopPages, nightOwlsPage]) await load(path === nightOwlsPage ? NIGHT_OWLS : WORKSHOP, path);
    tick();
    const expiries = jest.spyOn(pageCacheStore(), "expire");
    expireGuildPages(WORKSHOP);
    tick();
    expect(expiries).toHaveBeenCalledTimes(1);
    expect(expiries).toHaveBeenCalledWith([guildPagesTag(WORKSHOP)]);
    for (const path of workshopPages) expect({ path, served: await load(WORKSHOP, path) }).toEqual({ path, served: false });
    expect(await load(NIGHT_OWLS, nightOwlsPage)).toBe(true);
    // Drawn again after the write: served from then on.
    for (const path of workshopPages) expect({ path, served: await load(WORKSHOP, path) }).toEqual({ path, served: true });
  });

  it("never serves a render that began before a write, even one stored after it", async () => {
    const path = workshopPages[1]!;
    // Next looks the page up, finds nothing and starts drawing it from the settings as they are…
    expect(await cache.get(keyOf(path), pageCtx)).toBeNull();
    // …a write lands meanwhile…
    tick();
    expireGuildPages(WORKSHOP);
    tick();
    // …and the render, finished now, is stored: it shows the settings from before the write.
    await cache.set(keyOf(path), render(WORKSHOP, path, "<html>old settings</html>"), setCtx);
    expect(await cache.get(keyOf(path), pageCtx)).toBeNull();
    await cache.set(keyOf(path), render(WORKSHOP, path, "<html>new settings</html>"), setCtx);
    expect((await cache.get(keyOf(path), pageCtx))?.value).toMatchObject({ html: "<html>new settings</html>" });
  });

  it("holds a page redrawn in the background past its lifetime to the same rule", async () => {
    const path = workshopPages[0]!;
    const past = { cacheControl: { revalidate: 0, expire: 31536000 } };
    await cache.get(keyOf(path), pageCtx);
    await cache.set(keyOf(path), render(WORKSHOP, path, "<html>first</html>"), past);
    tick();
    // Served once more while Next draws it again in the background; a write lands before that render ends.
    expect(await cache.get(keyOf(path), pageCtx)).not.toBeNull();
    tick();
    expireGuildPages(WORKSHOP);
    tick();
    await cache.set(keyOf(path), render(WORKSHOP, path, "<html>drawn before the write</html>"), setCtx);
    expect(await cache.get(keyOf(path), pageCtx)).toBeNull();
  });

  it("keeps data cached under a tag (Next's fetch entries) to the same rule, by the tags Next gives with it", async () => {
    const tags = [guildPagesTag(WORKSHOP)];
    expect(await cache.get("marker", { kind: "FETCH", tags })).toBeNull();
    await cache.set("marker", { kind: "FETCH", data: { body: "true" } } as never, { tags });
    expect(await cache.get("marker", { kind: "FETCH", tags })).not.toBeNull();
    tick();
    expireGuildPages(WORKSHOP);
    expect(await cache.get("marker", { kind: "FETCH", tags })).toBeNull();
  });

  it("takes Next's own revalidateTag, and answers a miss, never an error, when its store fails", async () => {
    const path = workshopPages[0]!;
    await load(WORKSHOP, path);
    tick();
    await cache.revalidateTag([guildPagesTag(WORKSHOP)]);
    expect(await load(WORKSHOP, path)).toBe(false);

    const failing: PageCacheStore = {
      get: () => Promise.reject(new Error("store down")),
      set: () => Promise.reject(new Error("store down")),
      lastExpiry: () => Promise.reject(new Error("store down")),
      expire: () => Promise.reject(new Error("store down")),
    };
    setPageCacheStore(failing);
    const warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
    await expect(cache.get(keyOf(path), pageCtx)).resolves.toBeNull();
    await expect(cache.set(keyOf(path), render(WORKSHOP, path), setCtx)).resolves.toBeUndefined();
    await expect(cache.revalidateTag(guildPagesTag(WORKSHOP))).resolves.toBeUndefined();
    warn.mockRestore();
  });
});

describe("the in-process store", () => {
  it("keeps what fits its size, the least recently served page going first", async () => {
    const page = (n: number) => ({ value: { html: "x".repeat(40_000), n }, tags: [], renderedAt: 1 });
    const store = memoryPageCacheStore(100_000);
    await store.set("a", page(1));
    await store.set("b", page(2));
    await store.get("a");
    await store.set("c", page(3));
    expect(await store.get("a")).toBeDefined();
    expect(await store.get("b")).toBeUndefined();
    expect(await store.get("c")).toBeDefined();
    await store.set("huge", { value: "y".repeat(200_000), tags: [], renderedAt: 1 });
    expect(await store.get("huge")).toBeUndefined();
  });
});

/** The clock moves on a millisecond. */
function tick(): void {
  jest.setSystemTime(Date.now() + 1);
}
