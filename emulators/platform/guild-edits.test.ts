/** @jest-environment node */
import { GUILD_IDS, USER_IDS } from "./data/ids";
import { RENAME_WINDOW_MS } from "./guild-edit-routes";
import type { ChannelRecord, RoleRecord } from "./model";
import { PERMISSIONS } from "./permissions";
import type { PlatformEmulator } from "./server";
import { BOT_USER_ID } from "./state";
import { BOT_AUTH, bearer, signIn, emulatorForThisFile } from "./test-helpers";

let emulator: PlatformEmulator;
let api: string;

emulatorForThisFile((started) => {
  emulator = started;
  api = `${started.url}/api/v10`;
});

const workshop = () => emulator.state.guild(GUILD_IDS.workshop)!;

function channelOf(name: string): ChannelRecord {
  const channel = workshop().channels.find((candidate) => candidate.name === name);
  if (!channel) throw new Error(`no channel ${name}`);
  return channel;
}

function roleOf(name: string): RoleRecord {
  const role = workshop().roles.find((candidate) => candidate.name === name);
  if (!role) throw new Error(`no role ${name}`);
  return role;
}

const botRole = () => workshop().roles.find((role) => role.managed && role.tags?.bot_id === BOT_USER_ID)!;

function allowBot(bit: bigint): void {
  botRole().permissions = (BigInt(botRole().permissions) | bit).toString();
}

async function call<T = unknown>(method: string, path: string, body?: unknown, headers: Record<string, string> = BOT_AUTH) {
  const response = await fetch(`${api}${path}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T, headers: response.headers };
}

describe("PATCH /channels/:id", () => {
  it("renames a channel the bot may manage and answers the channel", async () => {
    allowBot(PERMISSIONS.ManageChannels);
    const lounge = channelOf("Lounge");
    const renamed = await call<{ id: string; name: string; type: number }>("PATCH", `/channels/${lounge.id}`, { name: "Members: 87" });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id: lounge.id, name: "Members: 87", type: 2 });
    expect(lounge.name).toBe("Members: 87");
  });

  it("needs MANAGE_CHANNELS, a known channel and a name of 1 to 100 characters", async () => {
    const lounge = channelOf("Lounge");
    expect(await call("PATCH", `/channels/${lounge.id}`, { name: "Nope" })).toMatchObject({ status: 403, body: { code: 50013 } });
    allowBot(PERMISSIONS.ManageChannels);
    expect(await call("PATCH", "/channels/100000000000000001", { name: "Nope" })).toMatchObject({ status: 404, body: { code: 10003 } });
    expect(await call("PATCH", `/channels/${lounge.id}`, { name: "" })).toMatchObject({ status: 400, body: { code: 50035 } });
    expect(await call("PATCH", `/channels/${lounge.id}`, { name: "x".repeat(101) })).toMatchObject({ status: 400, body: { code: 50035 } });
    expect(lounge.name).toBe("Lounge");
    const { access_token } = await signIn(emulator.url, USER_IDS.ada);
    expect((await call("PATCH", `/channels/${lounge.id}`, { name: "Mine" }, bearer(access_token))).status).toBe(401);
  });

  it("allows two renames per channel per ten minutes, as Discord does, then answers 429 until the first is ten minutes old", async () => {
    allowBot(PERMISSIONS.ManageChannels);
    let now = Date.parse("2030-01-01T12:00:00Z");
    emulator.state.now = () => now;
    try {
      const lounge = channelOf("Lounge");
      const workbench = channelOf("Workbench");
      expect((await call("PATCH", `/channels/${lounge.id}`, { name: "One" })).status).toBe(200);
      now += 60_000;
      // The same name counts too.
      expect((await call("PATCH", `/channels/${lounge.id}`, { name: "One" })).status).toBe(200);
      now += 60_000;
      const limited = await call<{ retry_after: number; global: boolean }>("PATCH", `/channels/${lounge.id}`, { name: "Three" });
      expect(limited.status).toBe(429);
      expect(limited.body).toMatchObject({ retry_after: 480, global: false });
      expect(limited.headers.get("retry-after")).toBe("480");
      expect(lounge.name).toBe("One");
      // Another channel has its own limit.
      expect((await call("PATCH", `/channels/${workbench.id}`, { name: "Other" })).status).toBe(200);
      now = Date.parse("2030-01-01T12:00:00Z") + RENAME_WINDOW_MS;
      expect((await call("PATCH", `/channels/${lounge.id}`, { name: "Three" })).status).toBe(200);
      expect((await call("PATCH", `/channels/${lounge.id}`, { name: "Four" })).status).toBe(429);
    } finally {
      emulator.state.now = () => Date.now();
    }
  });
});

describe("POST /guilds/:id/channels and the PATCH of a category and member limit", () => {
  const create = (body: unknown) => call<{ id: string; type: number; name: string; parent_id: string | null; user_limit?: number; guild_id: string }>("POST", `/guilds/${GUILD_IDS.workshop}/channels`, body);
  const category = () => workshop().channels.find((channel) => channel.type === 4)!;

  it("creates a voice channel in a category with MANAGE_CHANNELS, and moves and limits it", async () => {
    expect(await create({ name: "Rooms", type: 2 })).toMatchObject({ status: 403, body: { code: 50013 } });
    allowBot(PERMISSIONS.ManageChannels);
    const made = await create({ name: "➕ Create a room", type: 2, parent_id: category().id });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ type: 2, name: "➕ Create a room", parent_id: category().id, user_limit: 0, guild_id: GUILD_IDS.workshop });
    expect(workshop().channels.find((channel) => channel.id === made.body.id)).toMatchObject({ name: "➕ Create a room" });
    const moved = await call("PATCH", `/channels/${made.body.id}`, { parent_id: null, user_limit: 4 });
    expect(moved).toMatchObject({ status: 200, body: { parent_id: null, user_limit: 4 } });
  });

  it("refuses a parent that is not a category, a bad name or type, and a user token", async () => {
    allowBot(PERMISSIONS.ManageChannels);
    const text = workshop().channels.find((channel) => channel.type === 0)!;
    expect(await create({ name: "Rooms", type: 2, parent_id: text.id })).toMatchObject({ status: 400, body: { code: 50035 } });
    expect(await create({ name: "", type: 2 })).toMatchObject({ status: 400, body: { code: 50035 } });
    expect(await create({ name: "x".repeat(101), type: 2 })).toMatchObject({ status: 400, body: { code: 50035 } });
    expect(await create({ name: "Rooms", type: 99 })).toMatchObject({ status: 400, body: { code: 50035 } });
    expect(await create({ name: "Rooms", type: 2, user_limit: 100 })).toMatchObject({ status: 400, body: { code: 50035 } });
    expect(await call("PATCH", `/channels/${channelOf("Lounge").id}`, { parent_id: text.id })).toMatchObject({ status: 400, body: { code: 50035 } });
    const { access_token } = await signIn(emulator.url, USER_IDS.ada);
    expect((await call("POST", `/guilds/${GUILD_IDS.workshop}/channels`, { name: "Mine", type: 2 }, bearer(access_token))).status).toBe(401);
    expect(workshop().channels.some((channel) => channel.name === "Rooms" || channel.name === "Mine")).toBe(false);
  });
});

describe("PUT and DELETE /guilds/:id/members/:id/roles/:id", () => {
  const path = (role: string, user: string = USER_IDS.sam) => `/guilds/${GUILD_IDS.workshop}/members/${user}/roles/${role}`;
  const samRoles = () => workshop().members.get(USER_IDS.sam)!.roles;

  it("gives and takes a role below the bot's, idempotently", async () => {
    const coders = roleOf("Coders").id;
    expect((await call("PUT", path(coders))).status).toBe(204);
    expect((await call("PUT", path(coders))).status).toBe(204);
    expect(samRoles().filter((id) => id === coders)).toHaveLength(1);
    expect((await call("DELETE", path(coders))).status).toBe(204);
    expect((await call("DELETE", path(coders))).status).toBe(204);
    expect(samRoles()).not.toContain(coders);
  });

  it("refuses roles at or above the bot's, managed roles, unknown roles and members, and a bot without MANAGE_ROLES", async () => {
    expect(await call("PUT", path(roleOf("Maintainers").id))).toMatchObject({ status: 403, body: { code: 50013 } });
    expect(await call("PUT", path(roleOf("Server Booster").id))).toMatchObject({ status: 403, body: { code: 50013 } });
    expect(await call("PUT", path("100000000000000001"))).toMatchObject({ status: 404, body: { code: 10011 } });
    expect(await call("PUT", path(GUILD_IDS.workshop))).toMatchObject({ status: 404, body: { code: 10011 } });
    expect(await call("PUT", path(roleOf("Coders").id, "100000000000000001"))).toMatchObject({ status: 404, body: { code: 10007 } });
    botRole().permissions = (BigInt(botRole().permissions) & ~PERMISSIONS.ManageRoles).toString();
    expect(await call("PUT", path(roleOf("Coders").id))).toMatchObject({ status: 403, body: { code: 50013 } });
    expect(samRoles()).not.toContain(roleOf("Coders").id);
  });
});
