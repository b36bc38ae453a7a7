/** @jest-environment node */
import { cachedGuildPageNonce } from "@/lib/guilds/cached-page-nonce";
import { nextPageGeneration } from "@/lib/guilds/page-generation";
import { GUILD_IDS } from "@/emulators/platform/data/ids";

// Next's page cache as configured in next.config.ts (server/page-cache-handler.cjs): a guild
// page render is kept and served only while its nonce is the guild's current one.

type Entry = { value: { kind: string; html: string } | null } | null;
type Handler = {
  get(key: string, ctx: { kind: string }): Promise<Entry>;
  set(key: string, data: { kind: string; html: string }, ctx: object): Promise<void>;
};
// Plain CommonJS, loaded by Next by path at run time.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const GuildPageCache = require("@/server/page-cache-handler.cjs") as new (ctx: object) => Handler;

const guild = GUILD_IDS.workshop;
const welcome = `/en/dashboard/${guild}/welcome`;
const keyOf = (path: string) => `/route-cache/APP_PAGE/0123abcd/$${path}`;
const ctx = { kind: "APP_PAGE" };
const setCtx = { cacheControl: { revalidate: 60, expire: undefined } };

function render(path: string, nonce: string | null = cachedGuildPageNonce(path)) {
  return { kind: "APP_PAGE", html: `<html><script nonce="${nonce}">self.__next_f=[]</script>${path}</html>`, headers: {}, status: 200 };
}

const cache = new GuildPageCache({ fs: undefined, serverDistDir: "/nonexistent", flushToDisk: false, maxMemoryCacheSize: 50 * 1024 * 1024, revalidatedTags: [] });

describe("the page cache handler", () => {
  it("serves a guild page render while its nonce is current, and not after the guild's next change", async () => {
    const page = render(welcome);
    await cache.set(keyOf(welcome), page, setCtx);
    expect((await cache.get(keyOf(welcome), ctx))?.value).toEqual(page);
    nextPageGeneration(guild);
    await expect(cache.get(keyOf(welcome), ctx)).resolves.toBeNull();
  });

  it("does not store a render that began before the guild's last change, and keeps the newer one", async () => {
    const begun = render(welcome);
    nextPageGeneration(guild);
    const newer = render(welcome);
    await cache.set(keyOf(welcome), newer, setCtx);
    await cache.set(keyOf(welcome), begun, setCtx);
    expect((await cache.get(keyOf(welcome), ctx))?.value).toEqual(newer);
  });

  it("holds the public leaderboard's list pages to the same rule", async () => {
    const second = `/fr/leaderboard/${guild}/2`;
    const page = render(second);
    await cache.set(keyOf(second), page, setCtx);
    expect((await cache.get(keyOf(second), ctx))?.value).toEqual(page);
    nextPageGeneration(guild);
    await expect(cache.get(keyOf(second), ctx)).resolves.toBeNull();
    // A search is drawn per request and has no derived nonce.
    expect(cachedGuildPageNonce(`/fr/leaderboard/${guild}/search`)).toBeNull();
  });

  it("serves the premium page (redrawn every few minutes) only with its nonce: a build's render, which has none, is drawn again", async () => {
    const premium = "/de/premium";
    const nonce = cachedGuildPageNonce(premium);
    expect(nonce).toMatch(/^[\w-]{24}$/);
    expect(cachedGuildPageNonce(premium)).toBe(nonce);
    expect(cachedGuildPageNonce("/en/premium")).not.toBe(nonce);
    expect(cachedGuildPageNonce("/de/premium/return")).toBeNull();
    // At build, Next stores the page before middleware (which registers the nonces) ever ran.
    const registry = globalThis as typeof globalThis & { __guildhallCachedPageNonce?: unknown };
    const registered = registry.__guildhallCachedPageNonce;
    delete registry.__guildhallCachedPageNonce;
    await cache.set(keyOf(premium), render(premium, null), setCtx);
    registry.__guildhallCachedPageNonce = registered;
    await expect(cache.get(keyOf(premium), ctx)).resolves.toBeNull();
    const redrawn = render(premium);
    await cache.set(keyOf(premium), redrawn, setCtx);
    expect((await cache.get(keyOf(premium), ctx))?.value).toEqual(redrawn);
    await cache.set(keyOf(premium), render(premium, null), setCtx);
    expect((await cache.get(keyOf(premium), ctx))?.value).toEqual(redrawn);
  });

  it("leaves every other page as Next keeps it", async () => {
    const other = `/en/dashboard/${guild}/audit-log`;
    const page = render(other, "anything");
    await cache.set(keyOf(other), page, setCtx);
    nextPageGeneration(guild);
    expect((await cache.get(keyOf(other), ctx))?.value).toEqual(page);
  });
});
