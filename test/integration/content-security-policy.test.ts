/** @jest-environment node */
// Every HTML page gets a Content-Security-Policy whose scripts need this response's nonce, fresh
// per response: never 'unsafe-inline'. Without the production server (here, next dev) middleware
// sets it, and Next draws the page with its nonce. In production Next draws every page with the
// drawing nonce, a secret, and the production server gives each response its policy and nonce
// (server/public-pages.test.ts checks that part).
import { NextRequest } from "next/server";
import { GUILD_IDS } from "@/emulators/platform/data/ids";
import { drawingNonce, nonceOfPolicy } from "@/lib/http/csp";
import { middleware } from "@/middleware";
import { withEnv } from "@/test/set-env";
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

it("gives every page a policy whose scripts need a nonce, a fresh one per request, whether the page is cached or not", async () => {
  const paths = ["/en", "/privacy.html?lang=fr", "/en/dashboard", `/en/dashboard/${GUILD}`, `/fr/dashboard/${GUILD}/welcome`, "/ar/login", "/auth/callback?code=x", `/en/dashboard/${GUILD}/audit-log`, "/en/no-such-page"];
  for (const path of paths) {
    const headers = path.includes("dashboard") ? { cookie: signedIn.cookie } : undefined;
    const [first, second] = [await run(path, headers), await run(path, headers)];
    const sources = scriptSources(first);
    expect({ path, unsafeInline: sources.includes("'unsafe-inline'"), star: sources.includes("*"), strictDynamic: sources.includes("'strict-dynamic'") }).toEqual({ path, unsafeInline: false, star: false, strictDynamic: true });
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

it("in production has Next draw every page with the drawing nonce, and leaves the response's policy to the production server", async () => {
  await withEnv({ NODE_ENV: "production" }, async () => {
    for (const path of ["/en", `/en/dashboard/${GUILD}/welcome`, `/en/dashboard/${GUILD}/audit-log`]) {
      const response = await run(path, { cookie: signedIn.cookie });
      const toNext = response.headers.get("x-middleware-request-content-security-policy");
      expect({ path, drawnWith: nonceOfPolicy(toNext ?? "") }).toEqual({ path, drawnWith: drawingNonce() });
      // Next copies middleware's response headers onto the request: one here would replace the drawing nonce.
      expect({ path, policy: response.headers.get("content-security-policy") }).toEqual({ path, policy: null });
    }
  });
});

it("sends no page policy on API calls", async () => {
  expect((await run("/api/users/@me", { cookie: signedIn.cookie })).headers.get("content-security-policy")).toBeNull();
});
