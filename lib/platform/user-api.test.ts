/** @jest-environment node */
import { GUILD_IDS, USER_IDS } from "@/emulators/platform/data/ids";

import { ageCacheForTests, FAILURE_BACKOFF_MS } from "./cache";
import { startEmulatorHarness, type EmulatorHarness } from "@/test/emulator-harness";
import { PlatformError } from "./errors";
import type { OAuthTokens } from "./oauth";
import { PermissionFlagsBits } from "discord-api-types/v10";
import { canManageGuild, parsePermissions } from "./permissions";
import { resetPlatformClientForTests } from "./rest";
import { getCurrentUser, getCurrentUserGuilds, getCurrentUserGuildsWithMeta, invalidateUserCache } from "./user-api";

// Integration tests against the platform emulator (emulators/platform).

const GUILDS_ROUTE = "GET /users/@me/guilds";

let harness: EmulatorHarness;
let ada: OAuthTokens;
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

beforeAll(async () => {
  process.on("unhandledRejection", onUnhandled);
  harness = await startEmulatorHarness();
});

afterAll(async () => {
  await harness.stop();
  process.off("unhandledRejection", onUnhandled);
});

beforeEach(async () => {
  harness.emulator.reset();
  resetPlatformClientForTests();
  ada = await harness.signIn(USER_IDS.ada);
  harness.emulator.resetCalls();
});

afterEach(() => {
  expect(unhandled).toEqual([]);
});

async function elapsed<T>(work: () => Promise<T>): Promise<{ ms: number; result: PromiseSettledResult<T> }> {
  const started = performance.now();
  const [result] = await Promise.allSettled([work()]);
  return { ms: performance.now() - started, result: result! };
}

describe("getCurrentUser", () => {
  it("returns the signed-in user", async () => {
    const user = await getCurrentUser(ada.accessToken);
    expect(user.id).toBe(USER_IDS.ada);
    expect(typeof user.username).toBe("string");
    expect(harness.callsTo("GET /users/@me")).toBe(1);
  });

  it("throws PlatformError unauthorized for a dead token", async () => {
    const error = await getCurrentUser("not-a-real-token").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlatformError);
    expect(error).toMatchObject({ kind: "unauthorized", status: 401 });
  });
});

describe("getCurrentUserGuilds", () => {
  it("lists the user's guilds with permissions that canManageGuild filters", async () => {
    const guilds = await getCurrentUserGuilds(ada.accessToken);
    const ids = guilds.map((guild) => guild.id);
    expect(ids).toEqual(
      expect.arrayContaining([
        GUILD_IDS.workshop,
        GUILD_IDS.pixelRaiders,
        GUILD_IDS.nightOwls,
        GUILD_IDS.speedrun,
        GUILD_IDS.lofi,
        GUILD_IDS.cozyCafe,
        GUILD_IDS.openMic,
      ]),
    );
    expect(ids).not.toContain(GUILD_IDS.synthwave);

    const manageable = guilds.filter(canManageGuild).map((guild) => guild.id);
    expect(manageable.sort()).toEqual(
      [GUILD_IDS.workshop, GUILD_IDS.pixelRaiders, GUILD_IDS.nightOwls, GUILD_IDS.speedrun, GUILD_IDS.openMic].sort(),
    );

    // Lofi: a plain member whose role has MODERATE_MEMBERS (1 << 40), which must survive the parse.
    const lofi = guilds.find((guild) => guild.id === GUILD_IDS.lofi)!;
    expect(parsePermissions(lofi.permissions) & PermissionFlagsBits.ModerateMembers).toBe(PermissionFlagsBits.ModerateMembers);
    expect(canManageGuild(lofi)).toBe(false);
  });

  it("serves the second call from the cache", async () => {
    await getCurrentUserGuilds(ada.accessToken);
    await getCurrentUserGuilds(ada.accessToken);
    expect(harness.callsTo(GUILDS_ROUTE)).toBe(1);
    await invalidateUserCache(ada.accessToken);
    await getCurrentUserGuilds(ada.accessToken);
    expect(harness.callsTo(GUILDS_ROUTE)).toBe(2);
  });

  it("makes exactly one upstream call for 20 concurrent callers", async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => getCurrentUserGuilds(ada.accessToken)));
    expect(harness.callsTo(GUILDS_ROUTE)).toBe(1);
    expect(new Set(results.map((guilds) => guilds.length)).size).toBe(1);
  });

  it("keeps users apart: another token gets its own list", async () => {
    const bjorn = await harness.signIn(USER_IDS.bjorn);
    const [adaGuilds, bjornGuilds] = await Promise.all([
      getCurrentUserGuilds(ada.accessToken),
      getCurrentUserGuilds(bjorn.accessToken),
    ]);
    expect(bjornGuilds.map((guild) => guild.id)).toContain(GUILD_IDS.synthwave);
    expect(adaGuilds.map((guild) => guild.id)).not.toContain(GUILD_IDS.synthwave);
    expect(harness.callsTo(GUILDS_ROUTE)).toBe(2);
  });

  it("follows pagination past 200 guilds", async () => {
    const { world } = harness.emulator.state;
    const template = world.guilds.get(GUILD_IDS.cozyCafe)!;
    for (let i = 0; i < 250; i++) {
      const id = String(1300000000000000000n + BigInt(i));
      world.guilds.set(id, { ...template, id, name: `Extra ${i}`, members: new Map(template.members) });
    }
    const guilds = await getCurrentUserGuilds(ada.accessToken);
    expect(guilds).toHaveLength(257);
    expect(new Set(guilds.map((guild) => guild.id)).size).toBe(257);
    expect(harness.callsTo(GUILDS_ROUTE)).toBe(2);
  });
});

describe("when the platform fails", () => {
  it("serves stale data on a 500 once the cache has expired", async () => {
    const fresh = await getCurrentUserGuildsWithMeta(ada.accessToken);
    expect(fresh.stale).toBe(false);
    ageCacheForTests(31_000);
    harness.emulator.injectFault({ path: "/users/@me/guilds", method: "GET", status: 500, count: 10 });

    const stale = await getCurrentUserGuildsWithMeta(ada.accessToken);
    expect(stale.stale).toBe(true);
    expect(stale.value).toEqual(fresh.value);
    expect(stale.fetchedAt).toBe(fresh.fetchedAt - 31_000);
    // One attempt plus the REST client's single retry.
    expect(harness.callsTo(GUILDS_ROUTE)).toBe(3);

    harness.emulator.clearFaults();
    ageCacheForTests(FAILURE_BACKOFF_MS); // past the failure backoff
    const recovered = await getCurrentUserGuildsWithMeta(ada.accessToken);
    expect(recovered.stale).toBe(false);
  });

  it("throws PlatformError server on a 500 with nothing cached", async () => {
    harness.emulator.injectFault({ path: "/users/@me/guilds", method: "GET", status: 500, count: 10 });
    const error = await getCurrentUserGuilds(ada.accessToken).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlatformError);
    expect(error).toMatchObject({ kind: "server", status: 500 });
    expect(harness.callsTo(GUILDS_ROUTE)).toBe(2);
  });

  it("retries a single 500 and succeeds", async () => {
    harness.emulator.injectFault({ path: "/users/@me/guilds", method: "GET", status: 503, count: 1 });
    await expect(getCurrentUserGuilds(ada.accessToken)).resolves.toHaveLength(7);
    expect(harness.callsTo(GUILDS_ROUTE)).toBe(2);
  });

  it("rejects quickly as rate_limited on a 429 with a long retry_after", async () => {
    harness.emulator.injectFault({ path: "/users/@me/guilds", method: "GET", status: 429, retry_after: 30, count: 10 });
    const { ms, result } = await elapsed(() => getCurrentUserGuilds(ada.accessToken));
    expect(result.status).toBe("rejected");
    const error = (result as PromiseRejectedResult).reason;
    expect(error).toBeInstanceOf(PlatformError);
    expect(error).toMatchObject({ kind: "rate_limited", status: 429 });
    expect((error as PlatformError).retryAfter).toBeGreaterThanOrEqual(29);
    expect(ms).toBeLessThan(2000);
  });

  it("serves stale data on a long 429 when something is cached", async () => {
    const fresh = await getCurrentUserGuilds(ada.accessToken);
    ageCacheForTests(31_000);
    harness.emulator.injectFault({ path: "/users/@me/guilds", method: "GET", status: 429, retry_after: 30, count: 10 });
    const { ms, result } = await elapsed(() => getCurrentUserGuildsWithMeta(ada.accessToken));
    expect(result).toMatchObject({ status: "fulfilled", value: { stale: true, value: fresh } });
    expect(ms).toBeLessThan(2000);
    // Within retry_after the stale copy is served without asking again.
    const calls = harness.callsTo(GUILDS_ROUTE);
    await expect(getCurrentUserGuildsWithMeta(ada.accessToken)).resolves.toMatchObject({ stale: true });
    expect(harness.callsTo(GUILDS_ROUTE)).toBe(calls);
  });

  it("waits out a short 429 and succeeds", async () => {
    harness.emulator.injectFault({ path: "/users/@me/guilds", method: "GET", status: 429, retry_after: 0.2, count: 1 });
    const { ms, result } = await elapsed(() => getCurrentUserGuilds(ada.accessToken));
    expect(result.status).toBe("fulfilled");
    expect((result as PromiseFulfilledResult<unknown[]>).value).toHaveLength(7);
    expect(ms).toBeGreaterThanOrEqual(150);
    expect(harness.callsTo(GUILDS_ROUTE)).toBe(2);
  });

  it("does not let one user's rate limit hold up another user", async () => {
    const bjorn = await harness.signIn(USER_IDS.bjorn);
    // A first answer teaches the client the route's bucket; the 429 then empties it for Ada.
    await getCurrentUserGuilds(ada.accessToken);
    await invalidateUserCache(ada.accessToken);
    harness.emulator.injectFault({ path: "/users/@me/guilds", method: "GET", status: 429, retry_after: 30, count: 1 });
    await expect(getCurrentUserGuilds(ada.accessToken)).rejects.toMatchObject({ kind: "rate_limited" });
    // Ada's bucket stays empty for 30 s: her next call is refused without reaching the platform.
    await expect(getCurrentUserGuilds(ada.accessToken)).rejects.toMatchObject({ kind: "rate_limited" });
    expect(harness.callsTo(GUILDS_ROUTE)).toBe(2);
    const { ms, result } = await elapsed(() => getCurrentUserGuilds(bjorn.accessToken));
    expect(result.status).toBe("fulfilled");
    expect(ms).toBeLessThan(1000);
  });

  it("maps an unreachable platform to network", async () => {
    await harness.emulator.close(); // the env still points at its port
    try {
      const error = await getCurrentUser(ada.accessToken).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PlatformError);
      expect(error).toMatchObject({ kind: "network" });
    } finally {
      await harness.stop();
      harness = await startEmulatorHarness();
    }
  });
});
