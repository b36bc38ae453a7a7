/** @jest-environment node */
// Every HTML page gets a Content-Security-Policy whose scripts need a nonce (or, for pages
// prerendered at build, a hash): never 'unsafe-inline'. The cached overview's nonce holds
// until the guild's pages are expired, then changes.
import { NextRequest } from "next/server";
import { GUILD_IDS } from "@/emulators/platform/data/ids";
import { expireGuildPages } from "@/lib/guilds/page-cache";
import { middleware } from "@/middleware";
import { signedInForThisBlock } from "@/test/sign-in";

const GUILD = GUILD_IDS.workshop;
const run = (path: string, headers: Record<string, string> = {}) => middleware(new NextRequest(new URL(path, "http://localhost:3000"), { headers }));

function scriptSources(response: Response): string[] {
  const policy = response.headers.get("content-security-policy") ?? "";
  const directive = policy.split(";").map((part) => part.trim()).find((part) => part.startsWith("script-src"));
  return directive ? directive.split(/\s+/).slice(1) : [];
}
const nonceOf = (response: Response) => scriptSources(response).find((source) => source.startsWith("'nonce-"));

const signedIn = signedInForThisBlock();

it("gives pages prerendered at build a policy naming their scripts by nonce or hash, never 'unsafe-inline'", async () => {
  // With a build in .next these are hashes of the prerendered HTML; without one, nonces.
  // My servers is prerendered too (its servers are an island), and guarded: it needs the cookie.
  for (const path of ["/en", "/privacy.html?lang=fr", "/en/dashboard"]) {
    const sources = scriptSources(await run(path, path.includes("dashboard") ? { cookie: signedIn.cookie } : {}));
    expect(sources).not.toContain("'unsafe-inline'");
    expect(sources.some((source) => source.startsWith("'nonce-") || source.startsWith("'sha256-"))).toBe(true);
  }
});

it("gives every page rendered per request a policy whose scripts need a nonce, and a fresh one per request", async () => {
  for (const path of ["/ar/login", "/auth/callback?code=x", `/en/dashboard/${GUILD}/audit-log`, "/en/no-such-page"]) {
    const headers = path.includes("dashboard") ? { cookie: signedIn.cookie } : undefined;
    const [first, second] = [await run(path, headers), await run(path, headers)];
    const sources = scriptSources(first);
    expect({ path, unsafeInline: sources.includes("'unsafe-inline'"), star: sources.includes("*") }).toEqual({ path, unsafeInline: false, star: false });
    expect({ path, nonce: nonceOf(first) !== undefined }).toEqual({ path, nonce: true });
    expect(nonceOf(first)).not.toBe(nonceOf(second));
    // Next reads the nonce from the request's policy to put it on its own scripts.
    expect(first.headers.get("x-middleware-request-content-security-policy")).toBe(first.headers.get("content-security-policy"));
  }
});

it("locks the rest down: no framing, no plugins, no base tag, images only from here and the platform's CDN", async () => {
  const policy = (await run("/en")).headers.get("content-security-policy")!;
  for (const directive of ["default-src 'self'", "object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "connect-src 'self'"]) expect(policy).toContain(directive);
  expect(policy).toContain(`img-src 'self' data: blob: ${new URL(signedIn.harness.emulator.url).origin}`);
});

it.each(["", "/welcome"])("keeps a cached guild page's nonce (%s) until the guild's pages are expired, then changes it", async (page) => {
  const first = nonceOf(await run(`/en/dashboard/${GUILD}${page}`, { cookie: signedIn.cookie }));
  expect(first).toBeDefined();
  expect(nonceOf(await run(`/en/dashboard/${GUILD}${page}`, { cookie: signedIn.cookie }))).toBe(first);
  expect(nonceOf(await run(`/fr/dashboard/${GUILD}${page}`, { cookie: signedIn.cookie }))).not.toBe(first);
  expect(nonceOf(await run(`/en/dashboard/${GUILD}${page === "" ? "/moderator" : ""}`, { cookie: signedIn.cookie }))).not.toBe(first);
  expireGuildPages(GUILD);
  const after = nonceOf(await run(`/en/dashboard/${GUILD}${page}`, { cookie: signedIn.cookie }));
  expect(after).toBeDefined();
  expect(after).not.toBe(first);
});

it("sends no page policy on API calls", async () => {
  expect((await run("/api/users/@me", { cookie: signedIn.cookie })).headers.get("content-security-policy")).toBeNull();
});
