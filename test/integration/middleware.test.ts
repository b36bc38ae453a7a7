/** @jest-environment node */
import { NextRequest } from "next/server";
import { unstable_doesMiddlewareMatch } from "next/experimental/testing/server";
import { GUILD_IDS } from "@/emulators/platform/data/ids";
import { PUBLIC_FILES } from "@/lib/brand/assets";
import { config, middleware } from "@/middleware";
import { recordedSession, sessionCookieHeader } from "@/test/session-record";
import { signedInForThisBlock } from "@/test/sign-in";

const run = (path: string, headers: Record<string, string> = {}) => middleware(new NextRequest(new URL(path, "http://localhost:3000"), { headers }));

describe("middleware", () => {
  it("sends / to the negotiated language", async () => {
    expect((await run("/")).headers.get("location")).toBe("http://localhost:3000/en");
    expect((await run("/", { "accept-language": "fr-FR,fr;q=0.9" })).headers.get("location")).toBe("http://localhost:3000/fr");
    expect((await run("/", { cookie: "NEXT_LOCALE=de", "accept-language": "fr" })).headers.get("location")).toBe("http://localhost:3000/de");
  });

  it("prefixes any other first segment and keeps the query", async () => {
    expect((await run("/dashboard/1?x=2", { "accept-language": "tr" })).headers.get("location")).toBe("http://localhost:3000/tr/dashboard/1?x=2");
    expect((await run("/english")).headers.get("location")).toBe("http://localhost:3000/en/english");
  });

  it("sends a visitor without a session to the login page with the full path", async () => {
    const response = await run("/fr/dashboard/123/levels?tab=rank&s=1");
    expect(response.status).toBe(307);
    const location = new URL(response.headers.get("location")!);
    expect(location.pathname).toBe("/fr/login");
    expect(location.searchParams.get("redirect")).toBe("/fr/dashboard/123/levels?tab=rank&s=1");
  });

  it("treats a garbage session cookie as logged out and clears it", async () => {
    const response = await run("/en/dashboard", { cookie: "gh_session=Fe26.2**nope" });
    expect(new URL(response.headers.get("location")!).pathname).toBe("/en/login");
  });

  it("lets the login and OAuth return pages through and issues the XSRF cookie", async () => {
    for (const path of ["/ar/login", "/guild-oauth?guild_id=1", "/auth/callback?code=x"]) {
      const response = await run(path);
      expect(response.headers.get("location")).toBeNull();
      expect(response.headers.getSetCookie().some((line) => line.startsWith("XSRF-TOKEN="))).toBe(true);
    }
  });

  it("rewrites the legal pages to the chosen language", async () => {
    const response = await run("/privacy.html?lang=ru");
    expect(response.headers.get("x-middleware-rewrite")).toBe("http://localhost:3000/ru/legal/privacy?lang=ru");
    const negotiated = await run("/terms.html", { "accept-language": "es" });
    expect(negotiated.headers.get("x-middleware-rewrite")).toBe("http://localhost:3000/es/legal/terms");
  });

  // public/: icons, favicon.ico, the web app manifest and the social preview image.
  const publicPaths = PUBLIC_FILES.map((file) => `/${file}`);

  it("checks every public file, among them those browsers and crawlers ask for by name", () => {
    expect(publicPaths).toEqual(expect.arrayContaining(["/manifest.webmanifest", "/og.png", "/apple-touch-icon.png", "/icon-192.png", "/favicon.ico"]));
  });

  it.each(publicPaths)("does not meet %s (the matcher skips static files)", (path) => {
    expect(unstable_doesMiddlewareMatch({ config, url: `http://localhost:3000${path}` })).toBe(false);
    // …while pages still go through it.
    expect(unstable_doesMiddlewareMatch({ config, url: "http://localhost:3000/" })).toBe(true);
    expect(unstable_doesMiddlewareMatch({ config, url: "http://localhost:3000/manifest" })).toBe(true);
  });

  it.each(publicPaths)("passes %s through untouched if it is called: no language redirect, cookie or CSP", async (path) => {
    const visitors: Record<string, string>[] = [{}, { "accept-language": "fr", cookie: "NEXT_LOCALE=de; gh_session=Fe26.2**nope" }];
    for (const headers of visitors) {
      const response = await run(path, headers);
      expect(response.status).toBe(200);
      expect(response.headers.get("location")).toBeNull();
      expect(response.headers.get("x-middleware-rewrite")).toBeNull();
      expect(response.headers.get("x-middleware-next")).toBe("1");
      expect(response.headers.getSetCookie()).toEqual([]);
      expect(response.headers.get("content-security-policy")).toBeNull();
      expect(response.headers.get("cache-control")).toBeNull();
    }
  });

  it("still prefixes look-alikes that are not public files", async () => {
    expect((await run("/manifest.json")).headers.get("location")).toBe("http://localhost:3000/en/manifest.json");
    expect((await run("/og.png/x")).headers.get("location")).toBe("http://localhost:3000/en/og.png/x");
  });

  it("answers pages that cannot exist under a guild with a real 404", async () => {
    const session = { cookie: "gh_session=Fe26.2**nope" };
    // Signed-out visitors still go to the login first.
    expect(new URL((await run("/en/dashboard/584327784348909864/nope", session)).headers.get("location")!).pathname).toBe("/en/login");
  });
});

describe("middleware on guild pages of a signed-in user", () => {
  const sealedSession = async () => {
    const session = await recordedSession({ userId: "158954752913309807", accessToken: "a", refreshToken: "r", expiresAt: Date.now() + 3_600_000, scope: "identify", createdAt: Date.now() });
    return { cookie: await sessionCookieHeader(session) };
  };

  it.each([
    ["/en/dashboard/584327784348909864/nope", true],
    ["/fr/dashboard/not-a-guild", true],
    ["/en/dashboard/584327784348909864/welcome/extra", true],
    ["/en/dashboard/584327784348909864", false],
    ["/en/dashboard/584327784348909864/welcome", false],
    ["/en/dashboard/584327784348909864/audit-log", false],
    ["/en/dashboard/584327784348909864/copy-settings", false],
    // The user's own account page is no guild's.
    ["/en/dashboard/account", false],
    ["/en/dashboard/account/more", true],
  ])("%s → not-found rewrite: %p", async (path, rewritten) => {
    const response = await run(path, await sealedSession());
    const target = response.headers.get("x-middleware-rewrite");
    expect(target ? new URL(target).pathname.endsWith("/not-found") : false).toBe(rewritten);
  });
});

describe("middleware deciding who may open a guild's pages", () => {
  const signedIn = signedInForThisBlock();

  const unavailable = (guildId: string) => `http://localhost:3000/en/dashboard/unavailable/${guildId}`;

  it.each([
    ["managed, bot present", GUILD_IDS.workshop, null],
    ["managed through a role, bot present", GUILD_IDS.nightOwls, null],
    ["managed, bot absent", GUILD_IDS.pixelRaiders, "unavailable"],
    ["plain member", GUILD_IDS.lofi, "unavailable"],
    ["not a member", GUILD_IDS.synthwave, "unavailable"],
  ])("%s → %s", async (_label, guildId, expected) => {
    for (const page of ["", "/welcome", "/audit-log"]) {
      const response = await run(`/en/dashboard/${guildId}${page}`, { cookie: signedIn.cookie });
      expect(response.headers.get("location")).toBeNull();
      expect(response.headers.get("x-middleware-rewrite")).toBe(expected ? unavailable(guildId) : null);
    }
  });

  it("has the audit log with a query drawn per request by its filtered page, after the verdict; that page has no address of its own", async () => {
    const log = `/en/dashboard/${GUILD_IDS.workshop}/audit-log`;
    const filtered = await run(`${log}?plugin=welcome&before=abc`, { cookie: signedIn.cookie });
    expect(filtered.headers.get("x-middleware-rewrite")).toBe(`http://localhost:3000${log}/filtered?plugin=welcome&before=abc`);
    expect(filtered.headers.get("x-middleware-request-x-guildhall-verdict")).toMatch(/^v1\./);
    expect((await run(log, { cookie: signedIn.cookie })).headers.get("x-middleware-rewrite")).toBeNull();
    const refused = await run(`/en/dashboard/${GUILD_IDS.lofi}/audit-log?plugin=welcome`, { cookie: signedIn.cookie });
    expect(refused.headers.get("x-middleware-rewrite")).toBe(unavailable(GUILD_IDS.lofi));
    const direct = await run(`${log}/filtered?plugin=welcome`, { cookie: signedIn.cookie });
    expect(new URL(direct.headers.get("x-middleware-rewrite")!).pathname).toBe("/en/not-found");
  });

  it("sends a guild the user does not know of to the same page", async () => {
    const unknownGuild = "999999999999999999";
    const response = await run(`/en/dashboard/${unknownGuild}`, { cookie: signedIn.cookie });
    expect(response.headers.get("x-middleware-rewrite")).toBe(unavailable(unknownGuild));
  });
});
