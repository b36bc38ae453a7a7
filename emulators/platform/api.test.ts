/** @jest-environment node */
import { DEMO_USER_ID, EMULATOR_CLIENT_ID } from "./credentials";
import { GUILD_IDS, USER_IDS } from "./data/ids";
import { type PlatformEmulator } from "./server";
import { BOT_AUTH, bearer, getJson, signIn, emulatorForThisFile } from "./test-helpers";

const ADMINISTRATOR = 1n << 3n;
const MANAGE_GUILD = 1n << 5n;
const MODERATE_MEMBERS = 1n << 40n;

interface PartialGuild {
  id: string;
  name: string;
  icon: string | null;
  owner: boolean;
  permissions: string;
  features: string[];
  approximate_member_count?: number;
}

interface Member {
  user: { id: string; username: string };
  nick: string | null;
  roles: string[];
}

let emulator: PlatformEmulator;
let api: string;
let ada: string;

emulatorForThisFile(async (started) => {
  emulator = started;
  api = `${started.url}/api/v10`;
  ada = (await signIn(started.url)).access_token;
});

const has = (permissions: string, bit: bigint) => (BigInt(permissions) & bit) === bit;

describe("GET /users/@me/guilds", () => {
  it("lists Ada's guilds by id with owner and computed permissions", async () => {
    const { status, body } = await getJson<PartialGuild[]>(`${api}/users/@me/guilds`, bearer(ada));
    expect(status).toBe(200);
    const ids = body.map((guild) => guild.id);
    expect(ids).toEqual([...ids].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1)));
    expect(ids).not.toContain(GUILD_IDS.synthwave);
    const byId = Object.fromEntries(body.map((guild) => [guild.id, guild]));

    const workshop = byId[GUILD_IDS.workshop]!;
    expect(workshop.owner).toBe(true);
    expect(has(workshop.permissions, ADMINISTRATOR)).toBe(true);
    expect(workshop.icon).toEqual(expect.any(String));

    const pixel = byId[GUILD_IDS.pixelRaiders]!;
    expect(pixel.owner).toBe(false);
    expect(has(pixel.permissions, ADMINISTRATOR)).toBe(true);
    expect(has(pixel.permissions, MANAGE_GUILD)).toBe(true); // administrators get every bit

    for (const id of [GUILD_IDS.nightOwls, GUILD_IDS.speedrun, GUILD_IDS.openMic]) {
      const guild = byId[id]!;
      expect(guild.owner).toBe(false);
      expect(has(guild.permissions, ADMINISTRATOR)).toBe(false);
      expect(has(guild.permissions, MANAGE_GUILD)).toBe(true);
    }
    expect(byId[GUILD_IDS.nightOwls]!.icon).toBeNull();

    for (const id of [GUILD_IDS.lofi, GUILD_IDS.cozyCafe]) {
      const guild = byId[id]!;
      expect(has(guild.permissions, ADMINISTRATOR)).toBe(false);
      expect(has(guild.permissions, MANAGE_GUILD)).toBe(false);
    }
    // A bit above 2^32 that only BigInt sees.
    const lofi = BigInt(byId[GUILD_IDS.lofi]!.permissions);
    expect(lofi > 2n ** 32n).toBe(true);
    expect(has(lofi.toString(), MODERATE_MEMBERS)).toBe(true);
    expect(body[0]).not.toHaveProperty("approximate_member_count");
  });

  it("adds counts with with_counts and pages with limit/after/before", async () => {
    const all = (await getJson<PartialGuild[]>(`${api}/users/@me/guilds?with_counts=true`, bearer(ada))).body;
    expect(all.find((guild) => guild.id === GUILD_IDS.lofi)?.approximate_member_count).toBe(1284);
    const first = (await getJson<PartialGuild[]>(`${api}/users/@me/guilds?limit=2`, bearer(ada))).body;
    expect(first.map((guild) => guild.id)).toEqual(all.slice(0, 2).map((guild) => guild.id));
    const next = (await getJson<PartialGuild[]>(`${api}/users/@me/guilds?limit=2&after=${first[1]!.id}`, bearer(ada))).body;
    expect(next.map((guild) => guild.id)).toEqual(all.slice(2, 4).map((guild) => guild.id));
    const before = (await getJson<PartialGuild[]>(`${api}/users/@me/guilds?limit=2&before=${all[3]!.id}`, bearer(ada))).body;
    expect(before.map((guild) => guild.id)).toEqual(all.slice(1, 3).map((guild) => guild.id));
  });

  it("validates the query like Discord", async () => {
    const { status, body } = await getJson<{ code: number; errors: Record<string, unknown> }>(`${api}/users/@me/guilds?limit=500`, bearer(ada));
    expect(status).toBe(400);
    expect(body).toMatchObject({ message: "Invalid Form Body", code: 50035 });
    expect(body.errors.limit).toEqual({ _errors: [expect.objectContaining({ code: "NUMBER_TYPE_MAX" })] });
    expect((await getJson(`${api}/users/@me/guilds?after=abc`, bearer(ada))).status).toBe(400);
  });

  it("lists the bot's guilds for Bot auth", async () => {
    const { body } = await getJson<PartialGuild[]>(`${api}/users/@me/guilds`, BOT_AUTH);
    expect(body.map((guild) => guild.id).sort()).toEqual([GUILD_IDS.workshop, GUILD_IDS.nightOwls, GUILD_IDS.lofi, GUILD_IDS.synthwave].sort());
  });
});

describe("users and members", () => {
  it("returns the bot user for Bot auth", async () => {
    const { body } = await getJson<{ id: string; bot: boolean }>(`${api}/users/@me`, BOT_AUTH);
    expect(body).toMatchObject({ id: EMULATOR_CLIENT_ID, bot: true, username: "Guildhall" });
  });

  it("returns the token user's member object, and Unknown Guild elsewhere", async () => {
    const member = await getJson<Member>(`${api}/users/@me/guilds/${GUILD_IDS.nightOwls}/member`, bearer(ada));
    expect(member.status).toBe(200);
    expect(member.body).toMatchObject({ user: { id: DEMO_USER_ID }, nick: "Ada (she/her)" });
    const elsewhere = await getJson(`${api}/users/@me/guilds/${GUILD_IDS.synthwave}/member`, bearer(ada));
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body).toEqual({ message: "Unknown Guild", code: 10004 });
  });

  it("rejects missing or bad credentials with Discord's 401", async () => {
    const attempts: Record<string, string>[] = [{}, { Authorization: "Bearer nope" }, { Authorization: "Bot nope" }, { Authorization: "nonsense" }];
    for (const headers of attempts) {
      const response = await getJson(`${api}/users/@me`, headers);
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ message: "401: Unauthorized", code: 0 });
    }
    // Bot-only routes refuse user tokens.
    expect((await getJson(`${api}/guilds/${GUILD_IDS.workshop}`, bearer(ada))).status).toBe(401);
  });

  it("gets one member, or Unknown Member", async () => {
    const found = await getJson<Member>(`${api}/guilds/${GUILD_IDS.workshop}/members/${USER_IDS.chen}`, BOT_AUTH);
    expect(found.body).toMatchObject({ user: { username: "chen.wei" }, nick: "Chen (maintainer)" });
    const missing = await getJson(`${api}/guilds/${GUILD_IDS.workshop}/members/${USER_IDS.emre}`, BOT_AUTH);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: "Unknown Member", code: 10007 });
  });

  it("lists members by id with limit and after", async () => {
    const one = await getJson<Member[]>(`${api}/guilds/${GUILD_IDS.workshop}/members`, BOT_AUTH);
    expect(one.body).toHaveLength(1);
    const page = (await getJson<Member[]>(`${api}/guilds/${GUILD_IDS.workshop}/members?limit=1000`, BOT_AUTH)).body;
    expect(page.length).toBeGreaterThan(30);
    const ids = page.map((member) => BigInt(member.user.id));
    expect(ids).toEqual([...ids].sort((a, b) => (a < b ? -1 : 1)));
    const after = (await getJson<Member[]>(`${api}/guilds/${GUILD_IDS.workshop}/members?limit=5&after=${page[9]!.user.id}`, BOT_AUTH)).body;
    expect(after.map((member) => member.user.id)).toEqual(page.slice(10, 15).map((member) => member.user.id));
    expect((await getJson(`${api}/guilds/${GUILD_IDS.workshop}/members?limit=0`, BOT_AUTH)).status).toBe(400);
  });

  it("searches members by username or nick prefix, case-insensitively", async () => {
    const { status, body } = await getJson<Member[]>(`${api}/guilds/${GUILD_IDS.workshop}/members/search?query=ADA&limit=50`, BOT_AUTH);
    expect(status).toBe(200);
    expect(body.map((member) => member.user.id)).toContain(DEMO_USER_ID);
    for (const member of body) {
      expect(member.user.username.toLowerCase().startsWith("ada") || (member.nick ?? "").toLowerCase().startsWith("ada")).toBe(true);
    }
    const byNick = await getJson<Member[]>(`${api}/guilds/${GUILD_IDS.workshop}/members/search?query=chen%20(&limit=10`, BOT_AUTH);
    expect(byNick.body.map((member) => member.user.id)).toEqual([USER_IDS.chen]);
    const defaultLimit = await getJson<Member[]>(`${api}/guilds/${GUILD_IDS.workshop}/members/search?query=`, BOT_AUTH);
    expect(defaultLimit.body).toHaveLength(1);
    expect((await getJson(`${api}/guilds/${GUILD_IDS.workshop}/members/search`, BOT_AUTH)).status).toBe(400);
  });
});

describe("guild reads", () => {
  it("returns the guild with roles, features and optional counts", async () => {
    const plain = await getJson<Record<string, unknown>>(`${api}/guilds/${GUILD_IDS.workshop}`, BOT_AUTH);
    expect(plain.status).toBe(200);
    expect(plain.body).toMatchObject({ id: GUILD_IDS.workshop, name: "Ada's Workshop", owner_id: DEMO_USER_ID, premium_tier: 1, preferred_locale: "en-GB" });
    expect(plain.body).not.toHaveProperty("approximate_member_count");
    const roles = plain.body.roles as { id: string; position: number }[];
    expect(roles.find((role) => role.id === GUILD_IDS.workshop)?.position).toBe(0);
    const counted = await getJson<Record<string, unknown>>(`${api}/guilds/${GUILD_IDS.workshop}?with_counts=true`, BOT_AUTH);
    expect(counted.body).toMatchObject({ approximate_member_count: 87, approximate_presence_count: 23 });
  });

  it("returns channels of several types and roles as decimal strings", async () => {
    const channels = (await getJson<{ type: number; name: string; parent_id: string | null }[]>(`${api}/guilds/${GUILD_IDS.workshop}/channels`, BOT_AUTH)).body;
    expect(new Set(channels.map((channel) => channel.type))).toEqual(new Set([0, 2, 4, 5, 13, 15]));
    expect(channels.map((channel) => channel.name)).toEqual(expect.arrayContaining(["welcome", "general", "👋-introductions", "Lounge"]));
    const categories = new Set(channels.filter((channel) => channel.type === 4).map((channel) => (channel as unknown as { id: string }).id));
    for (const channel of channels) if (channel.parent_id) expect(categories.has(channel.parent_id)).toBe(true);
    const roles = (await getJson<{ permissions: string }[]>(`${api}/guilds/${GUILD_IDS.workshop}/roles`, BOT_AUTH)).body;
    for (const role of roles) expect(role.permissions).toMatch(/^\d+$/);
  });

  it("answers unknown routes and wrong methods like Discord", async () => {
    const unknown = await getJson(`${api}/nothing/here`, BOT_AUTH);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: "404: Not Found", code: 0 });
    const wrongMethod = await fetch(`${api}/users/@me`, { method: "POST", headers: BOT_AUTH, body: "{" });
    expect(wrongMethod.status).toBe(405);
    const badId = await getJson<{ code: number }>(`${api}/guilds/not-a-snowflake`, BOT_AUTH);
    expect(badId.status).toBe(400);
    expect(badId.body.code).toBe(50035);
  });

  it("accepts /api/v9 as an alias", async () => {
    expect((await getJson(`${emulator.url}/api/v9/users/@me`, BOT_AUTH)).status).toBe(200);
  });
});
