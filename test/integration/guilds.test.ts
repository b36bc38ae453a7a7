/** @jest-environment node */
import { GET as oauth } from "@/app/api/guilds/oauth/route";
import { GET as guilds } from "@/app/api/users/[userId]/guilds/route";
import { GET as managed } from "@/app/api/users/[userId]/managed-guilds/route";
import { GET as user } from "@/app/api/users/[userId]/route";
import { GUILD_IDS, USER_IDS } from "@/emulators/platform/data/ids";
import { ageCacheForTests } from "@/lib/platform/cache";
import { startEmulatorHarness, type EmulatorHarness } from "@/test/emulator-harness";
import { call } from "@/test/route-client";
import { signedInJar } from "@/test/sign-in";

let harness: EmulatorHarness;
beforeAll(async () => {
  harness = await startEmulatorHarness();
});
afterEach(() => harness.emulator.clearFaults());
afterAll(() => harness.stop());

type Summary = { id: string; name: string; managed: boolean; bot_present: boolean; owner: boolean };
const me = { userId: "@me" };

describe("guild lists", () => {
  it("lists only managed guilds, each marked with bot presence", async () => {
    const jar = await signedInJar(harness);
    const response = await call(managed, "/api/users/@me/managed-guilds", { jar, params: me });
    expect(response.status).toBe(200);
    const list: Summary[] = await response.json();
    const byId = new Map(list.map((guild) => [guild.id, guild]));
    expect([...byId.keys()].sort()).toEqual([GUILD_IDS.workshop, GUILD_IDS.pixelRaiders, GUILD_IDS.nightOwls, GUILD_IDS.speedrun, GUILD_IDS.openMic].sort());
    expect(byId.get(GUILD_IDS.workshop)).toMatchObject({ owner: true, bot_present: true });
    expect(byId.get(GUILD_IDS.nightOwls)).toMatchObject({ owner: false, bot_present: true });
    expect(byId.get(GUILD_IDS.pixelRaiders)).toMatchObject({ bot_present: false });
    expect(byId.has(GUILD_IDS.lofi)).toBe(false);
  });

  it("lists every guild with managed false for plain membership", async () => {
    const jar = await signedInJar(harness);
    const list: Summary[] = await (await call(guilds, "/api/users/@me/guilds", { jar, params: me })).json();
    expect(list.find((guild) => guild.id === GUILD_IDS.lofi)).toMatchObject({ managed: false, bot_present: true });
    expect(list.find((guild) => guild.id === GUILD_IDS.synthwave)).toBeUndefined();
  });

  it("needs a session and serves another user's account only as a public profile", async () => {
    expect((await call(managed, "/api/users/@me/managed-guilds", { params: me })).status).toBe(401);
    const jar = await signedInJar(harness);
    // Bjorn is a member of Ada's Workshop: his public profile, never his email (test/integration/guild-details.test.ts).
    const other = await call(user, `/api/users/${USER_IDS.bjorn}`, { jar, params: { userId: USER_IDS.bjorn } });
    expect(other.status).toBe(200);
    const profile = (await other.json()) as Record<string, unknown>;
    expect(profile).toMatchObject({ id: USER_IDS.bjorn });
    expect(profile).not.toHaveProperty("email");
    const garbage = await call(user, "/api/users/abc", { jar, params: { userId: "abc" } });
    expect(garbage.status).toBe(400);
  });

  it("answers a platform 429 with a clear error when nothing is cached", async () => {
    const jar = await signedInJar(harness);
    harness.emulator.injectFault({ path: "/users/@me/guilds", status: 429, retry_after: 30, count: 5 });
    const response = await call(managed, "/api/users/@me/managed-guilds", { jar, params: me });
    expect(response.status).toBe(429);
    expect(await response.json()).toMatchObject({ code: "platform_rate_limited", status_code: 429, error: { message: expect.any(String) } });
  });

  it("answers a platform 5xx with 502 when nothing is cached", async () => {
    const jar = await signedInJar(harness);
    harness.emulator.injectFault({ path: "/users/@me/guilds", status: 500, count: 10 });
    const response = await call(managed, "/api/users/@me/managed-guilds", { jar, params: me });
    expect(response.status).toBe(502);
    expect((await response.json()).code).toBe("platform_unavailable");
  });

  it("serves cached guilds marked stale when the platform fails later", async () => {
    const jar = await signedInJar(harness);
    const fresh: Summary[] = await (await call(managed, "/api/users/@me/managed-guilds", { jar, params: me })).json();
    ageCacheForTests(120_000);
    harness.emulator.injectFault({ path: "/users/@me/guilds", status: 503, count: 10 });
    const response = await call(managed, "/api/users/@me/managed-guilds", { jar, params: me });
    expect(response.status).toBe(200);
    expect(response.headers.get("warning")).toMatch(/Stale/);
    expect(await response.json()).toEqual(fresh);
  });

  it("loads the guild list once for concurrent requests", async () => {
    const jar = await signedInJar(harness);
    const before = harness.callsTo("GET /users/@me/guilds");
    const responses = await Promise.all(Array.from({ length: 8 }, () => call(managed, "/api/users/@me/managed-guilds", { jar, params: me })));
    expect(responses.every((response) => response.status === 200)).toBe(true);
    expect(harness.callsTo("GET /users/@me/guilds") - before).toBe(1);
  });
});

describe("GET /api/guilds/oauth", () => {
  it("redirects to the bot authorize URL for a managed guild", async () => {
    const jar = await signedInJar(harness);
    const response = await call(oauth, `/api/guilds/oauth?guild_id=${GUILD_IDS.speedrun}&permissions=364870364415&locale=fr`, { jar });
    expect(response.status).toBe(302);
    const target = new URL(response.headers.get("location")!);
    expect(target.pathname).toBe("/oauth2/authorize");
    expect(target.searchParams.get("permissions")).toBe("364870364415");
    expect(target.searchParams.get("guild_id")).toBe(GUILD_IDS.speedrun);
    expect(target.searchParams.get("disable_guild_select")).toBe("true");
    expect(target.searchParams.get("redirect_uri")).toBe("http://localhost:3000/guild-oauth");
    expect(JSON.parse(target.searchParams.get("state")!)).toEqual({ target_path: `/fr/dashboard/${GUILD_IDS.speedrun}` });
  });

  it("refuses a guild the user does not manage", async () => {
    const jar = await signedInJar(harness);
    const response = await call(oauth, `/api/guilds/oauth?guild_id=${GUILD_IDS.lofi}`, { jar });
    expect(response.status).toBe(403);
    expect((await response.json()).code).toBe("guild_not_managed");
  });

  it("validates its query", async () => {
    const jar = await signedInJar(harness);
    for (const query of ["guild_id=abc", `guild_id=${GUILD_IDS.speedrun}&permissions=8`, `guild_id=${GUILD_IDS.speedrun}&redirect_uri=https://evil.example/`, `guild_id=${GUILD_IDS.speedrun}&target_path=//evil.example`]) {
      const response = await call(oauth, `/api/guilds/oauth?${query}`, { jar });
      expect(response.status).toBe(400);
      expect((await response.json()).code).toBe("validation_failed");
    }
  });
});
