/** @jest-environment node */
import { GUILD_IDS, USER_IDS } from "@/emulators/platform/data/ids";
import { getEnv } from "@/lib/env";

import {
  confirmBotInGuild,
  getBotGuildIds,
  getGuild,
  getGuildChannels,
  getGuildEmojis,
  getGuildMember,
  getGuildRoles,
  getGuildWithMeta,
  refreshGuildCache,
  searchGuildMembers,
} from "./bot-api";
import { ageCacheForTests } from "./cache";
import { countPageExpiries } from "@/test/page-expiries";
import { startEmulatorHarness, type EmulatorHarness } from "@/test/emulator-harness";
import { PlatformError } from "./errors";
import { buildBotAuthorizeUrl } from "./oauth";
import { PermissionFlagsBits } from "discord-api-types/v10";
import { ALL_PERMISSIONS, computeMemberPermissions, hasPermissions } from "./permissions";
import { resetPlatformClientForTests } from "./rest";

// Integration tests against the platform emulator (emulators/platform).

const BOT_GUILDS_ROUTE = "GET /users/@me/guilds";
const NO_SUCH_GUILD = "100000000000000001";

let harness: EmulatorHarness;

beforeAll(async () => {
  harness = await startEmulatorHarness();
});

afterAll(async () => {
  await harness.stop();
});

beforeEach(() => {
  harness.emulator.reset();
  resetPlatformClientForTests();
});

describe("getBotGuildIds", () => {
  it("lists the guilds the bot is in, once per ttl", async () => {
    const ids = await getBotGuildIds();
    for (const id of [GUILD_IDS.workshop, GUILD_IDS.nightOwls, GUILD_IDS.lofi, GUILD_IDS.synthwave]) {
      expect(ids.has(id)).toBe(true);
    }
    for (const id of [GUILD_IDS.pixelRaiders, GUILD_IDS.speedrun, GUILD_IDS.cozyCafe, GUILD_IDS.openMic]) {
      expect(ids.has(id)).toBe(false);
    }
    await getBotGuildIds();
    expect(harness.callsTo(BOT_GUILDS_ROUTE)).toBe(1);
  });

  it("follows pagination past 200 guilds", async () => {
    const { world } = harness.emulator.state;
    const template = world.guilds.get(GUILD_IDS.lofi)!;
    for (let i = 0; i < 420; i++) {
      const id = String(1300000000000000000n + BigInt(i));
      world.guilds.set(id, { ...template, id, members: new Map(template.members) });
    }
    const ids = await getBotGuildIds();
    expect(ids.size).toBe(424);
    expect(harness.callsTo(BOT_GUILDS_ROUTE)).toBe(3);
  });
});

describe("confirmBotInGuild", () => {
  it("is true for a guild the bot is in and false for one it is not", async () => {
    await expect(confirmBotInGuild(GUILD_IDS.workshop)).resolves.toBe(true);
    await expect(confirmBotInGuild(GUILD_IDS.pixelRaiders)).resolves.toBe(false);
    await expect(confirmBotInGuild(NO_SUCH_GUILD)).resolves.toBe(false);
  });

  it("is false for a guild_id that is not a snowflake, without a call", async () => {
    await expect(confirmBotInGuild("../users/@me")).resolves.toBe(false);
    await expect(confirmBotInGuild("")).resolves.toBe(false);
    expect(harness.emulator.calls().total).toBe(0);
  });

  it("asks the platform every time (never cached)", async () => {
    await confirmBotInGuild(GUILD_IDS.workshop);
    await confirmBotInGuild(GUILD_IDS.workshop);
    expect(harness.callsTo("GET /guilds/:id")).toBe(2);
  });

  it("adds a guild the bot just joined to the cached list at once", async () => {
    const before = await getBotGuildIds();
    expect(before.has(GUILD_IDS.pixelRaiders)).toBe(false);

    const redirectUri = `${getEnv().APP_URL}/guild-oauth`;
    const back = await harness.autoAuthorize(
      buildBotAuthorizeUrl({ guildId: GUILD_IDS.pixelRaiders, state: "{}", redirectUri }),
      USER_IDS.ada,
    );
    expect(back.searchParams.get("guild_id")).toBe(GUILD_IDS.pixelRaiders);
    expect(back.searchParams.get("permissions")).toBe("364870364415");

    await expect(confirmBotInGuild(GUILD_IDS.pixelRaiders)).resolves.toBe(true);
    const after = await getBotGuildIds();
    expect(after.has(GUILD_IDS.pixelRaiders)).toBe(true);
    expect(before.has(GUILD_IDS.pixelRaiders)).toBe(false); // the earlier set is not mutated
    expect(harness.callsTo(BOT_GUILDS_ROUTE)).toBe(1);
  });

  it("drops a guild the bot has left from the cached list", async () => {
    expect((await getBotGuildIds()).has(GUILD_IDS.lofi)).toBe(true);
    await getGuildRoles(GUILD_IDS.lofi);
    harness.emulator.state.guild(GUILD_IDS.lofi)!.members.delete(USER_IDS.bot);

    await expect(confirmBotInGuild(GUILD_IDS.lofi)).resolves.toBe(false);
    expect((await getBotGuildIds()).has(GUILD_IDS.lofi)).toBe(false);
    // The guild's cached reads went too: the next read asks and is refused.
    await expect(getGuildRoles(GUILD_IDS.lofi)).rejects.toMatchObject({ kind: "forbidden", code: 50001 });
  });

  it("throws PlatformError on other failures instead of answering false", async () => {
    harness.emulator.injectFault({ path: `/guilds/${GUILD_IDS.workshop}`, method: "GET", status: 503, count: 10 });
    const error = await confirmBotInGuild(GUILD_IDS.workshop).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlatformError);
    expect(error).toMatchObject({ kind: "server", status: 503 });
  });
});

describe("guild reads", () => {
  it("getGuild returns the guild with approximate counts", async () => {
    const guild = await getGuild(GUILD_IDS.workshop);
    expect(guild).toMatchObject({ id: GUILD_IDS.workshop, name: "Ada's Workshop", owner_id: USER_IDS.ada });
    expect(typeof guild.approximate_member_count).toBe("number");
  });

  it("getGuildChannels and getGuildRoles return the guild's lists", async () => {
    const channels = await getGuildChannels(GUILD_IDS.workshop);
    expect(channels.some((channel) => channel.type === 0 && channel.name === "welcome")).toBe(true);
    const roles = await getGuildRoles(GUILD_IDS.workshop);
    expect(roles.some((role) => role.id === GUILD_IDS.workshop && role.name === "@everyone")).toBe(true);
  });

  it("computes member permissions from roles: owner, MANAGE_GUILD role, plain member with 1 << 40", async () => {
    async function permissionsOf(guildId: string, userId: string) {
      const [guild, roles, member] = await Promise.all([
        getGuild(guildId),
        getGuildRoles(guildId),
        getGuildMember(guildId, userId),
      ]);
      if (!member) throw new Error("not a member");
      return computeMemberPermissions({
        guildId,
        ownerId: guild.owner_id,
        roles,
        member: { userId, roleIds: member.roles },
      });
    }
    expect(await permissionsOf(GUILD_IDS.workshop, USER_IDS.ada)).toBe(ALL_PERMISSIONS);
    expect(hasPermissions(await permissionsOf(GUILD_IDS.nightOwls, USER_IDS.ada), PermissionFlagsBits.ManageGuild)).toBe(true);
    const lofi = await permissionsOf(GUILD_IDS.lofi, USER_IDS.ada);
    expect(hasPermissions(lofi, PermissionFlagsBits.ModerateMembers)).toBe(true);
    expect(hasPermissions(lofi, PermissionFlagsBits.ManageGuild)).toBe(false);
  });

  it("getGuildMember is null for a user who is not a member", async () => {
    await expect(getGuildMember(GUILD_IDS.workshop, USER_IDS.emre)).resolves.toBeNull();
    await expect(getGuildMember(GUILD_IDS.workshop, USER_IDS.emre)).resolves.toBeNull();
    expect(harness.callsTo("GET /guilds/:id/members/:id")).toBe(1);
  });

  it("searchGuildMembers matches usernames and nicknames", async () => {
    const members = await searchGuildMembers(GUILD_IDS.workshop, "chen", 5);
    expect(members.map((member) => member.user.id)).toContain(USER_IDS.chen);
    expect(members.length).toBeLessThanOrEqual(5);
    await expect(searchGuildMembers(GUILD_IDS.workshop, "   ")).resolves.toEqual([]);
    await expect(searchGuildMembers(GUILD_IDS.workshop, "x".repeat(101))).resolves.toEqual([]);
    expect(harness.callsTo("GET /guilds/:id/members/search")).toBe(1);
  });

  it("refuses ids that are not snowflakes before any call", async () => {
    await expect(getGuild("../../users/@me")).rejects.toMatchObject({ kind: "bad_request", status: 400 });
    await expect(getGuildMember(GUILD_IDS.workshop, "@me")).rejects.toMatchObject({ kind: "bad_request" });
    expect(harness.emulator.calls().total).toBe(0);
  });

  it("maps a guild the bot is not in to a PlatformError", async () => {
    await expect(getGuild(GUILD_IDS.pixelRaiders)).rejects.toMatchObject({ kind: "forbidden", code: 50001 });
    await expect(getGuild(NO_SUCH_GUILD)).rejects.toMatchObject({ kind: "not_found", code: 10004 });
  });

  it("caches per guild; refreshGuildCache drops only that guild", async () => {
    await getGuildRoles(GUILD_IDS.workshop);
    await getGuildRoles(GUILD_IDS.nightOwls);
    await getGuildRoles(GUILD_IDS.workshop);
    expect(harness.callsTo("GET /guilds/:id/roles")).toBe(2);
    await refreshGuildCache(GUILD_IDS.workshop);
    await getGuildRoles(GUILD_IDS.workshop);
    await getGuildRoles(GUILD_IDS.nightOwls);
    expect(harness.callsTo("GET /guilds/:id/roles")).toBe(3);
  });

  it("getGuildEmojis keeps id, name, animated and available; concurrent callers share one call", async () => {
    const [first, second] = await Promise.all([getGuildEmojis(GUILD_IDS.workshop), getGuildEmojis(GUILD_IDS.workshop)]);
    expect(second).toBe(first);
    expect(harness.callsTo("GET /guilds/:id/emojis")).toBe(1);
    const fixture = harness.emulator.state.guild(GUILD_IDS.workshop)!.emojis;
    expect(first).toEqual(fixture.map((emoji) => ({ id: emoji.id, name: emoji.name, animated: emoji.animated, available: emoji.available })));
    expect(first.some((emoji) => emoji.animated)).toBe(true);
    await getGuildEmojis(GUILD_IDS.workshop);
    expect(harness.callsTo("GET /guilds/:id/emojis")).toBe(1);
    await refreshGuildCache(GUILD_IDS.workshop);
    await getGuildEmojis(GUILD_IDS.workshop);
    expect(harness.callsTo("GET /guilds/:id/emojis")).toBe(2);
  });

  it("getGuildEmojis leaves out an entry that does not parse, and maps a guild the bot is not in to a PlatformError", async () => {
    const guild = harness.emulator.state.guild(GUILD_IDS.nightOwls)!;
    guild.emojis.push({ ...guild.emojis[0]!, id: "not-an-id", name: "broken" });
    expect((await getGuildEmojis(GUILD_IDS.nightOwls)).map((emoji) => emoji.name)).toEqual(["owl", "moon", "hoot"]);
    await expect(getGuildEmojis(GUILD_IDS.pixelRaiders)).rejects.toMatchObject({ kind: "forbidden", code: 50001 });
    await expect(getGuildEmojis("nope")).rejects.toBeInstanceOf(PlatformError);
  });

  it("expires the guild's cached pages when the platform answers differently, not when it answers the same", async () => {
    const expiries = countPageExpiries();
    await getGuild(GUILD_IDS.workshop);
    await getGuildChannels(GUILD_IDS.workshop);
    ageCacheForTests(61_000);
    await getGuild(GUILD_IDS.workshop);
    await getGuildChannels(GUILD_IDS.workshop);
    expect(harness.callsTo("GET /guilds/:id")).toBe(2);
    expect(expiries.of(GUILD_IDS.workshop)).toBe(0);

    harness.emulator.state.guild(GUILD_IDS.workshop)!.name = "Ada's Renamed Workshop";
    ageCacheForTests(61_000);
    expect((await getGuild(GUILD_IDS.workshop)).name).toBe("Ada's Renamed Workshop");
    expect(expiries.of(GUILD_IDS.workshop)).toBe(1);
    // Another guild's pages are untouched.
    expect(expiries.of(GUILD_IDS.nightOwls)).toBe(0);
  });

  it("serves a stale guild on a 500 after the ttl", async () => {
    const fresh = await getGuild(GUILD_IDS.workshop);
    ageCacheForTests(61_000);
    harness.emulator.injectFault({ path: `/guilds/${GUILD_IDS.workshop}`, method: "GET", status: 500, count: 10 });
    await expect(getGuildWithMeta(GUILD_IDS.workshop)).resolves.toMatchObject({ stale: true, value: fresh });
  });
});
