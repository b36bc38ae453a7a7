/** @jest-environment node */
import { GUILD_IDS, USER_IDS } from "./data/ids";
import { PERMISSIONS } from "./permissions";
import { type PlatformEmulator } from "./server";
import { BOT_AUTH, bearer, getJson, signIn, emulatorForThisFile } from "./test-helpers";

// Incoming webhooks: POST /channels/{id}/webhooks, GET /guilds/{id}/webhooks, PATCH and DELETE /webhooks/{id}.

interface Webhook {
  id: string;
  type: number;
  guild_id: string;
  channel_id: string;
  name: string;
  avatar: string | null;
  token: string;
  url: string;
  user?: { id: string };
}

let emulator: PlatformEmulator;
let api: string;

emulatorForThisFile((started) => {
  emulator = started;
  api = `${started.url}/api/v10`;
});

const workshop = GUILD_IDS.workshop;
const PNG = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

function channel(name: string): string {
  const found = emulator.state.guild(workshop)!.channels.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no #${name}`);
  return found.id;
}

function botMayManageWebhooks(): void {
  const role = emulator.state.guild(workshop)!.roles.find((candidate) => candidate.tags?.bot_id === USER_IDS.bot)!;
  role.permissions = (BigInt(role.permissions) | PERMISSIONS.ManageWebhooks).toString();
}

async function send<T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const response = await fetch(`${api}${path}`, { method, headers: { ...BOT_AUTH, "Content-Type": "application/json" }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

describe("incoming webhooks", () => {
  it("creates one in a channel with MANAGE_WEBHOOKS, lists it for the guild, renames, gives it an avatar and deletes it", async () => {
    botMayManageWebhooks();
    const created = await send<Webhook>("POST", `/channels/${channel("general")}/webhooks`, { name: "Deploys" });
    expect(created.status).toBe(200);
    const hook = created.body;
    expect(hook).toMatchObject({ type: 1, guild_id: workshop, channel_id: channel("general"), name: "Deploys", avatar: null, user: { id: USER_IDS.bot } });
    expect(hook.token).toMatch(/^[\w-]{60,}$/);
    expect(hook.url).toBe(`${emulator.url}/api/webhooks/${hook.id}/${hook.token}`);

    const listed = await getJson<Webhook[]>(`${api}/guilds/${workshop}/webhooks`, BOT_AUTH);
    expect(listed.body).toEqual([hook]);

    const renamed = await send<Webhook>("PATCH", `/webhooks/${hook.id}`, { name: "Releases", avatar: PNG });
    expect(renamed.body).toMatchObject({ name: "Releases", avatar: expect.stringMatching(/^[0-9a-f]{32}$/) });
    const picture = await fetch(`${emulator.url}/cdn/avatars/${hook.id}/${renamed.body.avatar}.png`);
    expect(picture.headers.get("content-type")).toBe("image/png");

    expect((await send("DELETE", `/webhooks/${hook.id}`)).status).toBe(204);
    expect((await getJson<Webhook[]>(`${api}/guilds/${workshop}/webhooks`, BOT_AUTH)).body).toEqual([]);
    expect(await send("PATCH", `/webhooks/${hook.id}`, { name: "Gone" })).toEqual({ status: 404, body: { message: "Unknown Webhook", code: 10015 } });
  });

  it("refuses without MANAGE_WEBHOOKS (403 50013) and makes nothing", async () => {
    expect(await send("POST", `/channels/${channel("general")}/webhooks`, { name: "Deploys" })).toEqual({ status: 403, body: { message: "Missing Permissions", code: 50013 } });
    expect((await getJson(`${api}/guilds/${workshop}/webhooks`, BOT_AUTH)).status).toBe(403);
    expect(emulator.state.webhooks.size).toBe(0);
  });

  it("refuses names Discord refuses, channels without messages, and a sixteenth webhook in a channel (30007)", async () => {
    botMayManageWebhooks();
    const named = await send<{ code: number; errors: Record<string, unknown> }>("POST", `/channels/${channel("general")}/webhooks`, { name: "My Discord hook" });
    expect(named.status).toBe(400);
    expect(Object.keys(named.body.errors)).toEqual(["name"]);
    expect((await send("POST", `/channels/${channel("general")}/webhooks`, { name: "" })).status).toBe(400);
    const category = emulator.state.guild(workshop)!.channels.find((candidate) => candidate.type === 4)!;
    expect((await send<{ code: number }>("POST", `/channels/${category.id}/webhooks`, { name: "Deploys" })).body.code).toBe(50024);
    for (let index = 0; index < 15; index++) expect((await send("POST", `/channels/${channel("general")}/webhooks`, { name: `Hook ${index}` })).status).toBe(200);
    expect(await send("POST", `/channels/${channel("general")}/webhooks`, { name: "Hook 16" })).toEqual({ status: 400, body: { message: "Maximum number of webhooks reached (15)", code: 30007 } });
  });

  it("moves a webhook only within its guild, and answers a user token 401", async () => {
    botMayManageWebhooks();
    const hook = (await send<Webhook>("POST", `/channels/${channel("general")}/webhooks`, { name: "Deploys" })).body;
    const other = emulator.state.guild(GUILD_IDS.nightOwls)!.channels.find((candidate) => candidate.type === 0)!;
    expect((await send("PATCH", `/webhooks/${hook.id}`, { channel_id: other.id })).status).toBeGreaterThanOrEqual(400);
    expect(emulator.state.webhooks.get(hook.id)?.channel_id).toBe(channel("general"));
    const { access_token } = await signIn(emulator.url);
    expect((await getJson(`${api}/guilds/${workshop}/webhooks`, bearer(access_token))).status).toBe(401);
  });
});
