/** @jest-environment node */
// Budgets of expensive operations (lib/http/budgets.ts): the N+1-th call within a minute gets
// 429 `rate_limited` in the envelope with Retry-After, per user when signed in and per client
// address when not; image renders cost RENDER_COST units. Member search is also cached per
// (guild, query), counted with the emulator's upstream call counter.
import { NextRequest } from "next/server";
import { POST as finalize } from "@/app/api/finalize-login/route";
import { GET as searchMembers } from "@/app/api/guilds/[guildId]/members/search/route";
import { GET as login } from "@/app/api/login/route";
import { GET as userGuilds } from "@/app/api/users/[userId]/guilds/route";
import { GET as managedGuilds } from "@/app/api/users/[userId]/managed-guilds/route";
import { USER_IDS } from "@/emulators/platform/data/ids";
import { RENDER_COST } from "@/lib/http/budgets";
import { middleware } from "@/middleware";
import { isEnvelope, pluginCall, readBody } from "@/test/api";
import { startEmulatorHarness, type EmulatorHarness } from "@/test/emulator-harness";
import { call, type CookieJar } from "@/test/route-client";
import { addScratchGuild } from "@/test/scratch-guild";
import { setEnv } from "@/test/set-env";
import { signedInJar } from "@/test/sign-in";

let harness: EmulatorHarness;
let ada: CookieJar;
let bjorn: CookieJar;
let guild: string; // a copy of workshop: Ada owns it, the bot is in it

const RAISED = "100000";
const BUDGET_KEYS = ["GUILD_LISTS", "MEMBER_SEARCHES", "RENDER_UNITS", "LOGINS", "PAGES", "LEADERBOARD_SEARCHES"].map((name) => `RATE_LIMIT_${name}_PER_MINUTE`);

beforeAll(async () => {
  harness = await startEmulatorHarness();
  ada = await signedInJar(harness);
  bjorn = await signedInJar(harness, USER_IDS.bjorn);
  guild = addScratchGuild(harness, "workshop");
});
afterAll(() => harness.stop());
// Each test lowers the budget it is about; the others stay out of the way.
afterEach(() => setEnv({ ...Object.fromEntries(BUDGET_KEYS.map((key) => [key, RAISED])), TRUST_PROXY: "0" }));

async function expectRateLimited(response: Response, maxRetryAfter = 60) {
  const body = await readBody(response);
  expect({ status: response.status, code: (body as { code?: string }).code }).toEqual({ status: 429, code: "rate_limited" });
  expect(isEnvelope(body, 429)).toBe(true);
  const retryAfter = Number(response.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(maxRetryAfter);
  expect(response.headers.get("cache-control")).toBe("no-store");
}

describe("guild lists (GET /api/users/@me/guilds, /api/users/@me/managed-guilds)", () => {
  it("share one per-user budget: the N+1-th call in a minute is refused, another user is not", async () => {
    setEnv({ RATE_LIMIT_GUILD_LISTS_PER_MINUTE: "3" });
    const list = (handler: typeof userGuilds, jar: CookieJar) => call(handler, "/x", { jar, params: { userId: "@me" } });
    for (const handler of [userGuilds, managedGuilds, userGuilds]) expect((await list(handler, ada)).status).toBe(200);
    await expectRateLimited(await list(managedGuilds, ada));
    await expectRateLimited(await list(userGuilds, ada));
    expect((await list(userGuilds, bjorn)).status).toBe(200);
  });
});

describe("member search (GET /api/guilds/{id}/members/search)", () => {
  const search = (query: string) => call(searchMembers, `/api/guilds/${guild}/members/search?${query}`, { jar: ada, params: { guildId: guild } });
  const upstream = () => harness.callsTo("GET /guilds/:id/members/search");

  it("has a per-user budget: the N+1-th search in a minute is refused", async () => {
    setEnv({ RATE_LIMIT_MEMBER_SEARCHES_PER_MINUTE: "3" });
    for (const q of ["a", "b", "c"]) expect((await search(`q=${q}`)).status).toBe(200);
    await expectRateLimited(await search("q=d"));
  });

  it("is cached per (guild, query): repeats, other limits and other letter cases make one upstream call", async () => {
    const before = upstream();
    const first = (await (await search("q=ada&limit=5")).json()) as Array<{ id: string }>;
    expect(first.map((member) => member.id)).toContain(USER_IDS.ada);
    for (const query of ["q=ada&limit=5", "q=ada", "q=ADA&limit=25", "q=%20Ada%20&limit=1"]) expect((await search(query)).status).toBe(200);
    expect((await (await search("q=Ada&limit=1")).json()) as unknown[]).toHaveLength(1);
    expect(upstream() - before).toBe(1);
    // Another query is another entry.
    await search("q=bj");
    expect(upstream() - before).toBe(2);
  });
});

describe("welcome card preview (GET /api/plugins/welcome/welcome-card/{guild}/preview)", () => {
  const preview = (title: string) => pluginCall(ada, "GET", `/welcome/welcome-card/${guild}/preview?title=${encodeURIComponent(title)}`);

  it(`costs ${RENDER_COST} units of the per-user render budget; other reads of the plugin do not`, async () => {
    // Room for two renders and a half.
    setEnv({ RATE_LIMIT_RENDER_UNITS_PER_MINUTE: String(2 * RENDER_COST + RENDER_COST / 2) });
    for (const title of ["one", "two"]) {
      const response = await preview(title);
      expect({ status: response.status, type: response.headers.get("content-type") }).toEqual({ status: 200, type: "image/png" });
    }
    // Half a render short at 25 units a minute: 12 s.
    await expectRateLimited(await preview("three"), 12);
    expect((await pluginCall(ada, "GET", `/welcome/welcome-card/${guild}/background`)).status).toBe(200);
  });
});

describe("sign-in (GET /api/login, POST /api/finalize-login) while signed out", () => {
  const start = (forwardedFor: string) => call(login, "/api/login?locale=en", { headers: { "x-forwarded-for": forwardedFor } });

  it("has a budget per client address shared by both steps; another address is unaffected", async () => {
    setEnv({ RATE_LIMIT_LOGINS_PER_MINUTE: "3" });
    for (let attempt = 0; attempt < 3; attempt++) expect((await start("203.0.113.7")).status).toBe(302);
    await expectRateLimited(await start("203.0.113.7"));
    await expectRateLimited(await call(finalize, "/api/finalize-login", { method: "POST", body: { code: "x" }, headers: { "x-forwarded-for": "203.0.113.7" } }));
    expect((await start("203.0.113.8")).status).toBe(302);
  });

  it("behind a trusted proxy keys on the address the proxy saw, not on what the client wrote before it", async () => {
    setEnv({ RATE_LIMIT_LOGINS_PER_MINUTE: "2", TRUST_PROXY: "1" });
    expect((await start("1.1.1.1, 198.51.100.4")).status).toBe(302);
    expect((await start("2.2.2.2, 198.51.100.4")).status).toBe(302);
    await expectRateLimited(await start("3.3.3.3, 198.51.100.4"));
  });
});

describe("dynamic pages (middleware)", () => {
  const page = (path: string, headers: Record<string, string> = {}) => middleware(new NextRequest(new URL(path, "http://localhost:3000"), { headers }));
  const from = { "x-forwarded-for": "192.0.2.44" };

  it("are budgeted per address when signed out and per user when signed in; public pages are not counted", async () => {
    setEnv({ RATE_LIMIT_PAGES_PER_MINUTE: "3" });
    for (const path of ["/en/login", "/en/dashboard", "/guild-oauth?guild_id=1"]) expect((await page(path, from)).status).not.toBe(429);
    for (let visit = 0; visit < 5; visit++) expect((await page("/en", from)).status).not.toBe(429);
    const refused = await page("/fr/login", from);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(refused.headers.get("cache-control")).toBe("no-store");
    // Ada behind the same address spends her own budget.
    const signedIn = await page("/en/dashboard", { ...from, cookie: ada.header() });
    expect(signedIn.status).not.toBe(429);
    expect(signedIn.headers.get("location")).toBeNull();
  });
});

describe("public leaderboard searches (middleware)", () => {
  const board = "/en/leaderboard/584327784348909864";
  const visit = (path: string, address: string, headers: Record<string, string> = {}) =>
    middleware(new NextRequest(new URL(path, "http://localhost:3000"), { headers: { "x-forwarded-for": address, ...headers } }));

  it("have a budget per client address when signed out, whichever way the address is written; the list pages are not counted", async () => {
    setEnv({ RATE_LIMIT_LEADERBOARD_SEARCHES_PER_MINUTE: "3" });
    for (const q of ["a", "b", "c"]) expect((await visit(`${board}/search?q=${q}`, "192.0.2.61")).status).not.toBe(429);
    for (let page = 0; page < 5; page++) expect((await visit(page === 0 ? board : `${board}/${page + 1}`, "192.0.2.61")).status).not.toBe(429);
    const refused = await visit(`${board}/search?q=d`, "192.0.2.61");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(refused.headers.get("cache-control")).toBe("no-store");
    // The same address written as IPv6 (mapped, IPv4-compatible) spends the same budget.
    expect((await visit(`${board}/search?q=e`, "::ffff:c000:23d")).status).toBe(429);
    expect((await visit(`${board}/search?q=e`, "[::192.0.2.61]:4000")).status).toBe(429);
    // Another address, and a signed-in user behind the same one, have their own.
    expect((await visit(`${board}/search?q=e`, "192.0.2.62")).status).not.toBe(429);
    expect((await visit(`${board}/search?q=e`, "192.0.2.61", { cookie: ada.header() })).status).not.toBe(429);
  });
});
