/** @jest-environment node */
// No guild data without a verdict: middleware meets every dashboard path, vouches for its
// verdict with a header only it can set, and unknown guilds do not cost platform calls.
import { NextRequest } from "next/server";
import { unstable_doesMiddlewareMatch } from "next/experimental/testing/server";
import { GUILD_IDS, USER_IDS } from "@/emulators/platform/data/ids";
import { readVerdict, signVerdict, VERDICT_HEADER } from "@/lib/guilds/verdict-proof";
import { clearCache } from "@/lib/platform/cache";
import { config, middleware } from "@/middleware";
import { signedInForThisBlock } from "@/test/sign-in";

const GUILD = GUILD_IDS.workshop;
const run = (path: string, headers: Record<string, string> = {}) => middleware(new NextRequest(new URL(path, "http://localhost:3000"), { headers }));
/** The value middleware forwards to the page for a request header (Next's override encoding). */
const forwarded = (response: Response, name: string) => response.headers.get(`x-middleware-request-${name}`);

describe("the middleware matcher", () => {
  it.each([".png", ".jpg", ".jpeg", ".gif", ".webp", ".svg", ".ico", ".woff", ".woff2", ".txt", ".json", ""])("meets /{locale}/dashboard/{guild}/anything%s", (ext) => {
    for (const path of [`/en/dashboard/${GUILD}/anything${ext}`, `/ar/dashboard/${GUILD}/welcome/x${ext}`, `/xx/dashboard/${GUILD}${ext}`, `/en/dashboard/unavailable/${GUILD}/a${ext}`]) {
      expect({ path, matched: unstable_doesMiddlewareMatch({ config, url: path }) }).toEqual({ path, matched: true });
    }
  });

  it("still leaves Next's own static files alone", () => {
    expect(unstable_doesMiddlewareMatch({ config, url: "/_next/static/chunks/main.js" })).toBe(false);
    expect(unstable_doesMiddlewareMatch({ config, url: "/icon.png" })).toBe(false);
  });
});

describe("verdict proof", () => {
  const user = USER_IDS.ada;

  it("reads back the guild and user it was signed for", () => {
    expect(readVerdict(signVerdict(GUILD, user), GUILD)).toEqual({ userId: user });
  });

  it("refuses another guild, a forged or altered signature, an expired proof and junk", () => {
    const proof = signVerdict(GUILD, user);
    expect(readVerdict(proof, GUILD_IDS.lofi)).toBeNull();
    expect(readVerdict(proof.replace(user, USER_IDS.bjorn), GUILD)).toBeNull();
    expect(readVerdict(`${proof.slice(0, -2)}xx`, GUILD)).toBeNull();
    expect(readVerdict(signVerdict(GUILD, user, Date.now() - 61_000), GUILD)).toBeNull();
    for (const junk of ["", "v1", `v1.${GUILD}.${user}.9999999999999.`, `v2.${GUILD}.${user}.9999999999999.abc`]) expect(readVerdict(junk, GUILD)).toBeNull();
  });
});

describe("middleware and guild pages", () => {
  const signedIn = signedInForThisBlock();
  beforeEach(() => signedIn.harness.emulator.resetCalls());

  it("sends an anonymous visitor of a guild path ending in .png to the login, without a platform call", async () => {
    for (const path of [`/en/dashboard/${GUILD}/anything.png`, `/en/dashboard/${GUILD}/x.ico`, `/en/dashboard/999999999999999999/y.woff2`]) {
      const response = await run(path);
      expect(new URL(response.headers.get("location")!).pathname).toBe("/en/login");
      expect(forwarded(response, VERDICT_HEADER)).toBeNull();
    }
    expect(signedIn.harness.emulator.calls().total).toBe(0);
  });

  it("answers a manager's .png guild path with the not-found page, never the guild", async () => {
    const response = await run(`/en/dashboard/${GUILD}/anything.png`, { cookie: signedIn.cookie });
    expect(new URL(response.headers.get("x-middleware-rewrite")!).pathname).toBe("/en/not-found");
    expect(forwarded(response, VERDICT_HEADER)).toBeNull();
  });

  it("vouches for the verdict on an allowed guild page, for this guild and user only", async () => {
    const response = await run(`/en/dashboard/${GUILD}/welcome`, { cookie: signedIn.cookie });
    expect(response.headers.get("x-middleware-rewrite")).toBeNull();
    expect(readVerdict(forwarded(response, VERDICT_HEADER), GUILD)).toEqual({ userId: USER_IDS.ada });
  });

  it("drops a verdict header sent by the client, on every path", async () => {
    const forged = signVerdict(GUILD, USER_IDS.ada);
    for (const path of ["/en", `/en/dashboard/${GUILD_IDS.lofi}/welcome`, `/en/dashboard/${GUILD}/welcome`]) {
      const response = await run(path, { cookie: signedIn.cookie, [VERDICT_HEADER]: forged });
      expect({ path, forwarded: forwarded(response, VERDICT_HEADER) === forged }).toEqual({ path, forwarded: false });
    }
    // Not signed in: the forged header is not passed on either.
    const anonymous = await run("/en/legal/privacy", { [VERDICT_HEADER]: forged });
    expect(forwarded(anonymous, VERDICT_HEADER)).toBeNull();
  });

  it("gives no verdict for a guild the user only belongs to", async () => {
    const response = await run(`/en/dashboard/${GUILD_IDS.lofi}/welcome`, { cookie: signedIn.cookie });
    expect(new URL(response.headers.get("x-middleware-rewrite")!).pathname).toBe(`/en/dashboard/unavailable/${GUILD_IDS.lofi}`);
    expect(forwarded(response, VERDICT_HEADER)).toBeNull();
  });

  it("asks the platform about a guild without the bot once for repeated visits", async () => {
    clearCache();
    for (let visit = 0; visit < 5; visit++) {
      const response = await run(`/en/dashboard/${GUILD_IDS.pixelRaiders}`, { cookie: signedIn.cookie });
      expect(new URL(response.headers.get("x-middleware-rewrite")!).pathname).toBe(`/en/dashboard/unavailable/${GUILD_IDS.pixelRaiders}`);
    }
    expect(signedIn.harness.callsTo("GET /guilds/:id")).toBe(1);
  });

  it("answers an unknown guild id from the user's cached guild list, without a bot call", async () => {
    await run(`/en/dashboard/${GUILD}`, { cookie: signedIn.cookie });
    signedIn.harness.emulator.resetCalls();
    for (let visit = 0; visit < 5; visit++) await run("/en/dashboard/999999999999999999", { cookie: signedIn.cookie });
    expect(signedIn.harness.emulator.calls().total).toBe(0);
  });
});
