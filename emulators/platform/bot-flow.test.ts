/** @jest-environment node */
import { DEMO_USER_ID, EMULATOR_CLIENT_ID } from "./credentials";
import { GUILD_IDS, USER_IDS } from "./data/ids";
import { type PlatformEmulator } from "./server";
import { BOT_AUTH, REDIRECT_URI, authorizeUrl, autoAuthorize, exchange, getJson, type TokenBody, emulatorForThisFile } from "./test-helpers";

const BOT_PERMISSIONS = ((1n << 28n) | (1n << 10n) | (1n << 11n) | (1n << 40n)).toString();

let emulator: PlatformEmulator;
let api: string;

emulatorForThisFile((started) => {
  emulator = started;
  api = `${started.url}/api/v10`;
});

const botParams = (guildId: string, extra: Record<string, string> = {}) => ({
  scope: "bot applications.commands",
  permissions: BOT_PERMISSIONS,
  guild_id: guildId,
  disable_guild_select: "true",
  ...extra,
});

interface Role {
  id: string;
  name: string;
  position: number;
  permissions: string;
  managed: boolean;
  tags?: { bot_id?: string };
}

describe("adding the bot", () => {
  it("answers 403 Missing Access for a guild without the bot and 404 for an unknown one", async () => {
    const absent = await getJson(`${api}/guilds/${GUILD_IDS.pixelRaiders}`, BOT_AUTH);
    expect(absent.status).toBe(403);
    expect(absent.body).toEqual({ message: "Missing Access", code: 50001 });
    for (const path of ["channels", "roles", "members", `members/${DEMO_USER_ID}`, "members/search?query=a"]) {
      expect((await getJson(`${api}/guilds/${GUILD_IDS.pixelRaiders}/${path}`, BOT_AUTH)).status).toBe(403);
    }
    const unknown = await getJson(`${api}/guilds/123456789012345678`, BOT_AUTH);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: "Unknown Guild", code: 10004 });
  });

  it("adds the bot with a managed Guildhall role, then the guild is readable", async () => {
    const { status, location } = await autoAuthorize(emulator.url, botParams(GUILD_IDS.pixelRaiders, { state: "bot state" }));
    expect(status).toBe(302);
    expect(location!.origin + location!.pathname).toBe(REDIRECT_URI);
    expect(location!.searchParams.get("state")).toBe("bot state");
    expect(location!.searchParams.get("guild_id")).toBe(GUILD_IDS.pixelRaiders);
    expect(location!.searchParams.get("permissions")).toBe(BOT_PERMISSIONS);
    expect(location!.searchParams.get("code")).toEqual(expect.any(String));

    const guild = await getJson<{ id: string; roles: Role[]; owner_id: string }>(`${api}/guilds/${GUILD_IDS.pixelRaiders}`, BOT_AUTH);
    expect(guild.status).toBe(200);
    const role = guild.body.roles.find((candidate) => candidate.tags?.bot_id === EMULATOR_CLIENT_ID);
    expect(role).toMatchObject({ name: "Guildhall", managed: true, permissions: BOT_PERMISSIONS });
    const positions = guild.body.roles.map((candidate) => candidate.position);
    expect(role!.position).toBeGreaterThan(0);
    expect(role!.position).toBeLessThan(Math.max(...positions));
    expect(new Set(positions).size).toBe(positions.length);

    const member = await getJson<{ roles: string[]; user: { bot: boolean } }>(`${api}/guilds/${GUILD_IDS.pixelRaiders}/members/${EMULATOR_CLIENT_ID}`, BOT_AUTH);
    expect(member.status).toBe(200);
    expect(member.body.roles).toContain(role!.id);
    expect(member.body.user.bot).toBe(true);

    // The bot's own guild list now includes it.
    const botGuilds = await getJson<{ id: string }[]>(`${api}/users/@me/guilds`, BOT_AUTH);
    expect(botGuilds.body.map((entry) => entry.id)).toContain(GUILD_IDS.pixelRaiders);

    // The code from the bot flow is exchangeable and describes the guild.
    const tokens = (await (await exchange(emulator.url, location!.searchParams.get("code")!)).json()) as TokenBody & { guild?: { id: string } };
    expect(tokens.scope).toBe("bot applications.commands");
    expect(tokens.guild?.id).toBe(GUILD_IDS.pixelRaiders);
  });

  it("answers 403 when the user may not manage the guild, and leaves the guild alone", async () => {
    const { status, text } = await autoAuthorize(emulator.url, botParams(GUILD_IDS.cozyCafe));
    expect(status).toBe(403);
    expect(text).toContain("Manage Server");
    expect((await getJson(`${api}/guilds/${GUILD_IDS.cozyCafe}`, BOT_AUTH)).status).toBe(403);
  });

  it("lets someone with MANAGE_GUILD through @everyone add the bot", async () => {
    const { status } = await autoAuthorize(emulator.url, botParams(GUILD_IDS.openMic));
    expect(status).toBe(302);
    expect((await getJson(`${api}/guilds/${GUILD_IDS.openMic}`, BOT_AUTH)).status).toBe(200);
  });

  it("re-authorizing updates the permissions of the existing bot role", async () => {
    await autoAuthorize(emulator.url, botParams(GUILD_IDS.workshop, { permissions: "8" }));
    const roles = await getJson<Role[]>(`${api}/guilds/${GUILD_IDS.workshop}/roles`, BOT_AUTH);
    const botRoles = roles.body.filter((role) => role.tags?.bot_id === EMULATOR_CLIENT_ID);
    expect(botRoles).toHaveLength(1);
    expect(botRoles[0]!.permissions).toBe("8");
  });

  it("shows a guild select with only the guilds the user can manage", async () => {
    const html = await (await fetch(authorizeUrl(emulator.url, { scope: "bot", permissions: BOT_PERMISSIONS }))).text();
    expect(html).toContain('<label class="label" for="guild_id">Add to server</label>');
    const options = [...html.matchAll(/<option value="(\d+)"/g)].map((match) => match[1]);
    expect(options.sort()).toEqual(
      [GUILD_IDS.workshop, GUILD_IDS.pixelRaiders, GUILD_IDS.nightOwls, GUILD_IDS.speedrun, GUILD_IDS.openMic].sort(),
    );
    expect(html).toContain("Select a server");
    expect(html).toContain("Manage Roles");
  });

  it("locks the select to guild_id when disable_guild_select=true and submits it in a hidden input", async () => {
    const html = await (await fetch(authorizeUrl(emulator.url, botParams(GUILD_IDS.speedrun)))).text();
    expect(html).toMatch(/<select id="guild_id" name="guild_id" disabled>/);
    expect(html).toContain(`<option value="${GUILD_IDS.speedrun}" selected>Speedrun Central</option>`);
    expect(html).toContain(`<input type="hidden" name="guild_id" value="${GUILD_IDS.speedrun}">`);
    expect(html.match(/<option /g)).toHaveLength(1);

    const notAllowed = await (await fetch(authorizeUrl(emulator.url, botParams(GUILD_IDS.cozyCafe)))).text();
    expect(notAllowed).toContain("You need Manage Server in Cozy Cafe");
  });

  it("adds the bot from the posted form", async () => {
    const response = await fetch(`${emulator.url}/oauth2/authorize`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        client_id: EMULATOR_CLIENT_ID, redirect_uri: REDIRECT_URI, response_type: "code", scope: "bot", state: "s",
        permissions: BOT_PERMISSIONS, disable_guild_select: "true", guild_id: GUILD_IDS.speedrun, user: USER_IDS.ada, action: "authorize",
      }),
      redirect: "manual",
    });
    expect(response.status).toBe(302);
    expect((await getJson(`${api}/guilds/${GUILD_IDS.speedrun}`, BOT_AUTH)).status).toBe(200);
  });

  it("forgets the added bot on reset", async () => {
    await autoAuthorize(emulator.url, botParams(GUILD_IDS.speedrun));
    emulator.reset();
    expect((await getJson(`${api}/guilds/${GUILD_IDS.speedrun}`, BOT_AUTH)).status).toBe(403);
  });
});
