/** @jest-environment node */
// Custom bots (data/applications.ts): a demo user's own application, whose bot token asks the
// platform about itself (its user, its application, its avatar), which the control API can reset
// (the old token is refused), and which the authorize page adds to a server like Guildhall.
import { APPLICATION_IDS, APPLICATIONS } from "./data/applications";
import { GUILD_IDS } from "./data/ids";
import { AVATAR_WINDOW_MS } from "./application-routes";
import type { PlatformEmulator } from "./server";
import { autoAuthorize, emulatorForThisFile, getJson } from "./test-helpers";

let emulator: PlatformEmulator;
let api: string;

emulatorForThisFile((started) => {
  emulator = started;
  api = `${started.url}/api/v10`;
});

const helper = APPLICATIONS.find((application) => application.id === APPLICATION_IDS.workshopHelper)!;
const auth = (token: string) => ({ Authorization: `Bot ${token}` });
const PNG = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

async function patchAvatar(token: string) {
  const response = await fetch(`${api}/users/@me`, { method: "PATCH", headers: { ...auth(token), "Content-Type": "application/json" }, body: JSON.stringify({ avatar: PNG }) });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, unknown> };
}

describe("a custom bot's token", () => {
  it("signs in as its bot user, whose application has the bot's id", async () => {
    const me = await getJson<{ id: string; bot: boolean; username: string }>(`${api}/users/@me`, auth(helper.token));
    expect(me).toMatchObject({ status: 200, body: { id: helper.id, bot: true, username: "Workshop Helper" } });
    const application = await getJson<{ id: string; name: string; bot: { id: string } }>(`${api}/applications/@me`, auth(helper.token));
    expect(application).toMatchObject({ status: 200, body: { id: helper.id, name: "Workshop Helper", bot: { id: helper.id } } });
  });

  it("reads nothing of Guildhall's guilds (403), and a reset token is refused (401) while the new one works", async () => {
    expect((await getJson(`${api}/guilds/${GUILD_IDS.workshop}`, auth(helper.token))).status).toBe(403);
    const reset = await fetch(`${emulator.url}/__emulator/applications/${helper.id}/reset-token`, { method: "POST" });
    const { token } = (await reset.json()) as { token: string };
    expect(token).not.toBe(helper.token);
    expect(token.split(".")[0]).toBe(Buffer.from(helper.id).toString("base64url"));
    expect((await getJson(`${api}/users/@me`, auth(helper.token))).status).toBe(401);
    expect((await getJson(`${api}/users/@me`, auth(token))).status).toBe(200);
  });

  it("changes its avatar once in ten minutes: the next change is 429 with the wait", async () => {
    let now = Date.parse("2026-01-01T00:00:00Z");
    emulator.state.now = () => now;
    const first = await patchAvatar(helper.token);
    expect(first.status).toBe(200);
    expect(first.body.avatar).toMatch(/^[0-9a-f]{32}$/);
    now += 60_000;
    const second = await patchAvatar(helper.token);
    expect(second.status).toBe(429);
    expect(second.body).toMatchObject({ retry_after: (AVATAR_WINDOW_MS - 60_000) / 1000, global: false });
    expect(second.headers.get("retry-after")).toBe(String((AVATAR_WINDOW_MS - 60_000) / 1000));
    now += AVATAR_WINDOW_MS;
    expect((await patchAvatar(helper.token)).status).toBe(200);
    // The CDN serves the picture it was sent.
    const served = await fetch(`${emulator.url}/cdn/avatars/${helper.id}/${first.body.avatar as string}.png`);
    expect({ status: served.status, type: served.headers.get("content-type") }).toEqual({ status: 200, type: "image/png" });
    emulator.state.now = () => Date.now();
  });
});

describe("adding a custom bot to a server", () => {
  it("the authorize page adds the application's bot with a managed role named after it", async () => {
    const { status, location } = await autoAuthorize(emulator.url, { client_id: helper.id, scope: "bot applications.commands", permissions: "8", guild_id: GUILD_IDS.workshop, disable_guild_select: "true", redirect_uri: "http://localhost:3000/guild-oauth", state: "s" });
    expect(status).toBe(302);
    expect(location!.searchParams.get("guild_id")).toBe(GUILD_IDS.workshop);
    const guild = emulator.state.guild(GUILD_IDS.workshop)!;
    expect(guild.members.has(helper.id)).toBe(true);
    expect(guild.roles.find((role) => role.tags?.bot_id === helper.id)).toMatchObject({ name: "Workshop Helper", managed: true });
  });
});
