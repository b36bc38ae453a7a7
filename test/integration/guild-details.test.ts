/** @jest-environment node */
// The guild details of spec 7 against the platform emulator: a role made from a role picker
// (POST /guilds/{id}/roles), the server's invite link (GET /guilds/{id}/invite), a vanity code
// looked up by anyone (GET /guilds/vanity/{code}), another member's profile (GET /users/{id}),
// and a Guild entity that holds no constant posing as data.
import { GET as getGuild } from "@/app/api/guilds/[guildId]/route";
import { GET as getInvite } from "@/app/api/guilds/[guildId]/invite/route";
import { POST as createRole } from "@/app/api/guilds/[guildId]/roles/route";
import { GET as getVanity } from "@/app/api/guilds/vanity/[code]/route";
import { GET as getUser } from "@/app/api/users/[userId]/route";
import { GUILD_IDS, USER_IDS } from "@/emulators/platform/data/ids";
import { PERMISSIONS } from "@/emulators/platform/permissions";
import { resetEnvCache } from "@/lib/env";
import { refreshBotGuildIds, refreshGuildCache } from "@/lib/platform/bot-api";
import { isEnvelope, readBody, type Envelope } from "@/test/api";
import { call } from "@/test/route-client";
import { addRole, addScratchGuild, freshSnowflake, grantBot } from "@/test/scratch-guild";
import { signedInForThisBlock, signedInJar } from "@/test/sign-in";

const signedIn = signedInForThisBlock();
let guild: string; // a copy of workshop: Ada owns it, the bot is in it

beforeAll(() => {
  process.env.RATE_LIMIT_READS_PER_MINUTE = "100000";
  process.env.RATE_LIMIT_WRITES_PER_MINUTE = "100000";
  resetEnvCache();
});

beforeEach(() => {
  guild = addScratchGuild(signedIn.harness, "workshop");
});

const state = () => signedIn.harness.emulator.state;
const guildRecord = (id: string) => state().guild(id)!;
const botRole = (id: string) => guildRecord(id).roles.find((role) => role.managed && role.tags?.bot_id === USER_IDS.bot)!;

/** Takes permissions from the bot's role in a guild (grantBot gives them). */
function denyBot(id: string, permissions: bigint): void {
  const role = botRole(id);
  role.permissions = (BigInt(role.permissions) & ~permissions).toString();
}

const makeRole = (id: string, body: unknown, jar = signedIn.jar) => call(createRole, `/api/guilds/${id}/roles`, { method: "POST", jar, params: { guildId: id }, body });
const invite = (id: string) => call(getInvite, `/api/guilds/${id}/invite`, { jar: signedIn.jar, params: { guildId: id } });
const vanity = (code: string) => call(getVanity, `/api/guilds/vanity/${code}`, { params: { code } });
const user = (userId: string) => call(getUser, `/api/users/${userId}`, { jar: signedIn.jar, params: { userId } });

async function envelope(response: Response, status: number): Promise<Envelope> {
  const body = await readBody(response);
  expect({ status: response.status, body }).toMatchObject({ status });
  if (!isEnvelope(body, status)) throw new Error(`not an envelope: ${JSON.stringify(body)}`);
  return body;
}

describe("POST /api/guilds/{id}/roles", () => {
  it("makes a role with no permissions just above @everyone, which the Guild entity lists at once", async () => {
    grantBot(signedIn.harness, guild, PERMISSIONS.ManageRoles);
    const before = (await readBody(await call(getGuild, `/api/guilds/${guild}`, { jar: signedIn.jar, params: { guildId: guild } }))) as { roles: { id: string }[] };
    const response = await makeRole(guild, { name: "  Event pings ", color: 0x5865f2, mentionable: true });
    expect(response.status).toBe(201);
    const { role } = (await readBody(response)) as { role: { id: string; name: string; color: number; position: number; mentionable: boolean } };
    expect(role).toMatchObject({ name: "Event pings", color: 0x5865f2, position: 1, mentionable: true });
    expect(guildRecord(guild).roles.find((candidate) => candidate.id === role.id)).toMatchObject({ name: "Event pings", permissions: "0", hoist: false });
    const after = (await readBody(await call(getGuild, `/api/guilds/${guild}`, { jar: signedIn.jar, params: { guildId: guild } }))) as { roles: { id: string; name: string }[] };
    expect(after.roles).toHaveLength(before.roles.length + 1);
    expect(after.roles.find((candidate) => candidate.id === role.id)?.name).toBe("Event pings");
  });

  it("refuses an empty or too long name, unknown fields and a colour out of range, making nothing", async () => {
    grantBot(signedIn.harness, guild, PERMISSIONS.ManageRoles);
    const count = guildRecord(guild).roles.length;
    for (const body of [{ name: "   " }, { name: "x".repeat(101) }, { name: "ok", permissions: "8" }, { name: "ok", color: 0x1000000 }, {}]) {
      const error = await envelope(await makeRole(guild, body), 400);
      expect(error.fields?.length).toBeGreaterThan(0);
    }
    expect(guildRecord(guild).roles).toHaveLength(count);
  });

  it("says so when the bot lacks Manage Roles, and when the manager could not make roles in Discord", async () => {
    denyBot(guild, PERMISSIONS.ManageRoles | PERMISSIONS.Administrator);
    await refreshGuildCache(guild);
    const count = guildRecord(guild).roles.length;
    expect((await envelope(await makeRole(guild, { name: "No bot" }), 403)).code).toBe("role_bot_missing_permission");

    // Chen manages the server (Manage Server through a role) but may not manage roles.
    grantBot(signedIn.harness, guild, PERMISSIONS.ManageRoles);
    const managers = addRole(signedIn.harness, guild, { name: "Server managers", permissions: ["ManageGuild"] });
    const chen = guildRecord(guild).members.get(USER_IDS.chen)!;
    chen.roles = [managers];
    await refreshGuildCache(guild);
    const chenJar = await signedInJar(signedIn.harness, USER_IDS.chen);
    const refused = await envelope(await makeRole(guild, { name: "Sneaky" }, chenJar), 403);
    expect(refused.code).toBe("role_create_not_allowed");
    expect(refused.message).toMatch(/Manage Roles/);
    expect(guildRecord(guild).roles).toHaveLength(count + 1);
  });

  it("answers the platform's 250-role limit in the user's words", async () => {
    grantBot(signedIn.harness, guild, PERMISSIONS.ManageRoles);
    const record = guildRecord(guild);
    while (record.roles.length < 250) record.roles.push({ ...record.roles[1]!, id: freshSnowflake(), managed: false, tags: undefined, position: 1 });
    const error = await envelope(await makeRole(guild, { name: "One too many" }), 409);
    expect(error).toMatchObject({ code: "role_limit_reached", fields: [{ path: "name", code: "role_limit_reached" }] });
    expect(record.roles).toHaveLength(250);
  });
});

describe("GET /api/guilds/{id}/invite", () => {
  it("makes one never-expiring invite in the first text channel the bot may invite in, and answers it again", async () => {
    const first = await invite(guild);
    expect(first.status).toBe(200);
    const made = (await readBody(first)) as { code: string; url: string; vanity: boolean; channel: { id: string } | null };
    expect(made).toMatchObject({ vanity: false, url: `https://discord.gg/${made.code}` });
    const stored = state().invites.get(made.code);
    expect(stored).toMatchObject({ guild_id: guild, max_age: 0, inviter_id: USER_IDS.bot });
    expect(made.channel?.id).toBe(stored?.channel_id);
    const again = (await readBody(await invite(guild))) as { code: string };
    expect(again.code).toBe(made.code);
    expect([...state().invites.values()].filter((entry) => entry.guild_id === guild)).toHaveLength(1);
  });

  it("gives the vanity link of a server that has one, making no invite", async () => {
    const record = guildRecord(guild);
    record.vanity_url_code = `scratch-${guild.slice(-6)}`;
    record.features = [...record.features, "VANITY_URL"];
    await refreshGuildCache(guild);
    const body = (await readBody(await invite(guild))) as { code: string; url: string; vanity: boolean };
    expect(body).toEqual({ code: record.vanity_url_code, url: `https://discord.gg/${record.vanity_url_code}`, vanity: true, channel: null });
    expect([...state().invites.values()].filter((entry) => entry.guild_id === guild)).toHaveLength(0);
  });

  it("says what to do when the bot may invite nowhere", async () => {
    denyBot(guild, PERMISSIONS.CreateInstantInvite | PERMISSIONS.Administrator);
    for (const channel of guildRecord(guild).channels) channel.permission_overwrites = channel.permission_overwrites.filter((overwrite) => overwrite.id !== USER_IDS.bot);
    const everyone = guildRecord(guild).roles.find((role) => role.id === guild)!;
    everyone.permissions = (BigInt(everyone.permissions) & ~PERMISSIONS.CreateInstantInvite).toString();
    await refreshGuildCache(guild);
    expect((await envelope(await invite(guild), 409)).code).toBe("invite_not_possible");
    expect([...state().invites.values()].filter((entry) => entry.guild_id === guild)).toHaveLength(0);
  });
});

describe("GET /api/guilds/vanity/{code} (public)", () => {
  it("finds the server the bot is in by its vanity code, whatever the case, for anyone", async () => {
    const record = guildRecord(guild);
    record.vanity_url_code = `makers-${guild.slice(-6)}`;
    await refreshBotGuildIds();
    const response = await vanity(record.vanity_url_code.toUpperCase());
    expect(response.status).toBe(200);
    const body = (await readBody(response)) as Record<string, unknown>;
    expect(body).toMatchObject({ id: guild, name: record.name, vanity_url_code: record.vanity_url_code, member_count: record.approximate_member_count });
    expect(Object.keys(body).sort()).toEqual(["icon_url", "id", "member_count", "name", "vanity_url_code"]);
  });

  it("does not answer for a server without the bot", async () => {
    expect(guildRecord(GUILD_IDS.pixelRaiders).vanity_url_code).toBe("pixelraiders");
    expect((await envelope(await vanity("pixelraiders"), 404)).code).toBe("vanity_not_found");
  });

  it("refuses an ordinary invite code, an unknown code and a malformed one", async () => {
    const made = (await readBody(await invite(guild))) as { code: string };
    expect((await envelope(await vanity(made.code), 404)).code).toBe("vanity_not_found");
    expect((await envelope(await vanity("no-such-server-here"), 404)).code).toBe("vanity_not_found");
    expect((await envelope(await vanity("not a code"), 400)).code).toBe("validation_failed");
  });
});

describe("GET /api/users/{id}", () => {
  it("shows a member of a server the signed-in user manages, without private fields", async () => {
    const response = await user(USER_IDS.sam);
    expect(response.status).toBe(200);
    const body = (await readBody(response)) as Record<string, unknown>;
    expect(body).toMatchObject({ id: USER_IDS.sam, bot: false, shared_guild_ids: expect.arrayContaining([GUILD_IDS.workshop]) });
    expect(body).not.toHaveProperty("email");
    expect(body).not.toHaveProperty("customer_id");
  });

  it("answers 404 alike for someone in no managed server and for no one", async () => {
    const outsider = await envelope(await user(USER_IDS.melodyBot), 404);
    const nobody = await envelope(await user(freshSnowflake()), 404);
    expect(outsider.code).toBe("shared_user_not_found");
    expect(nobody).toEqual(outsider);
  });

  it("still answers the signed-in user's own account, and 401 without a session", async () => {
    const own = (await readBody(await user("@me"))) as { id: string; email: unknown };
    expect(own.id).toBe(USER_IDS.ada);
    expect(own).toHaveProperty("email");
    const anonymous = await call(getUser, `/api/users/${USER_IDS.sam}`, { params: { userId: USER_IDS.sam } });
    expect(anonymous.status).toBe(401);
  });
});

describe("the Guild entity", () => {
  it("holds no field that nothing backs", async () => {
    const body = (await readBody(await call(getGuild, `/api/guilds/${guild}`, { jar: signedIn.jar, params: { guildId: guild } }))) as Record<string, unknown>;
    expect(body).not.toHaveProperty("voiceStates");
    expect(body).toMatchObject({ discord_usage: null, is_business: null });
    expect(Object.keys(body.members as object)).toEqual([USER_IDS.ada]);
  });
});
