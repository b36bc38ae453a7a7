/** @jest-environment node */
import { DELETE, GET, PATCH, POST } from "@/app/api/plugins/[...path]/route";
import { GET as auditLog } from "@/app/api/guilds/[guildId]/audit-log/route";
import { POST as revert } from "@/app/api/guilds/[guildId]/audit-log/[eventId]/revert/route";
import { startEmulatorHarness, type EmulatorHarness } from "@/test/emulator-harness";
import { GUILD_IDS, guildRefs } from "@/test/guild-harness";
import { call, type CookieJar } from "@/test/route-client";
import { addScratchGuild } from "@/test/scratch-guild";
import { signedInJar } from "@/test/sign-in";

let harness: EmulatorHarness;
let ada: CookieJar;
// A fresh copy of Ada's Workshop, so the assertions about empty state hold on a shared database too.
let guild: string;
const path = (...parts: string[]) => ({ path: parts });

beforeAll(async () => {
  harness = await startEmulatorHarness();
  guild = addScratchGuild(harness, "workshop");
  ada = await signedInJar(harness);
});
afterAll(() => harness.stop());

describe("plugin config", () => {
  it("reads defaults with an ETag and saves a change with If-Match", async () => {
    const read = await call(GET, `/api/plugins/welcome/config/${guild}`, { jar: ada, params: path("welcome", "config", guild) });
    expect(read.status).toBe(200);
    const state = await read.json();
    expect(state).toMatchObject({ id: "welcome", enabled: false, version: 0 });
    expect(read.headers.get("etag")).toBe('"0"');
    const { channel } = await guildRefs(guild);
    const saved = await call(PATCH, `/api/plugins/welcome/config/${guild}`, {
      method: "PATCH",
      jar: ada,
      params: path("welcome", "config", guild),
      body: { enabled: true, join_channel_id: channel },
      headers: { "if-match": '"0"' },
    });
    expect(saved.status).toBe(200);
    const after = await saved.json();
    expect(after).toMatchObject({ enabled: true, version: 1, config: { join_channel_id: channel, join_message: state.config.join_message } });
    const stale = await call(PATCH, `/api/plugins/welcome/config/${guild}`, { method: "PATCH", jar: ada, params: path("welcome", "config", guild), body: { join_message: "Hi {user.mention}" }, headers: { "if-match": '"0"' } });
    expect(stale.status).toBe(412);
    expect((await stale.json()).code).toBe("version_conflict");
  });

  it("rejects unknown fields, bad ids and premium-only sizes", async () => {
    const run = (body: unknown) => call(PATCH, `/api/plugins/welcome/config/${guild}`, { method: "PATCH", jar: ada, params: path("welcome", "config", guild), body });
    expect((await run({ nope: 1 })).status).toBe(400);
    const badChannel = await run({ join_channel_id: "123456789012345678" });
    expect(badChannel.status).toBe(400);
    expect((await badChannel.json()).fields[0].path).toBe("join_channel_id");
    const { role } = await guildRefs(guild);
    const roles = await run({ join_role_ids: [role, role] });
    expect(roles.status).toBe(403);
    expect((await roles.json()).code).toBe("premium_required");
    const premiumPlugin = await call(PATCH, `/api/plugins/custom_bot/config/${guild}`, { method: "PATCH", jar: ada, params: path("custom_bot", "config", guild), body: { enabled: true } });
    expect(premiumPlugin.status).toBe(403);
  });
});

describe("collections", () => {
  it("creates, lists, updates and deletes items, with limits and audit", async () => {
    const base = ["commands", "guilds", guild, "commands"];
    const created = await call(POST, "/x", { method: "POST", jar: ada, params: path(...base), body: { name: "rules", response: "Read #rules" } });
    expect(created.status).toBe(201);
    const item = await created.json();
    const list = await (await call(GET, "/x", { jar: ada, params: path(...base) })).json();
    expect(list).toMatchObject({ total: 1, max: 10, items: [{ id: item.id, name: "rules" }] });
    const updated = await call(PATCH, "/x", { method: "PATCH", jar: ada, params: path(...base, item.id), body: { cooldown_seconds: 30 }, headers: { "if-match": '"1"' } });
    expect(updated.status).toBe(200);
    expect(await updated.json()).toMatchObject({ name: "rules", cooldown_seconds: 30, version: 2 });
    const elsewhere = await call(GET, "/x", { jar: ada, params: path("commands", "guilds", GUILD_IDS.nightOwls, "commands", item.id) });
    expect(elsewhere.status).toBe(404);
    expect((await call(DELETE, "/x", { method: "DELETE", jar: ada, params: path(...base, item.id) })).status).toBe(204);
    expect((await call(GET, "/x", { jar: ada, params: path(...base, item.id) })).status).toBe(404);

    const events = (await (await call(auditLog, "/x", { jar: ada, params: { guildId: guild } })).json()).events;
    expect(events.slice(0, 3).map((event: { action: string }) => event.action)).toEqual(["item.delete", "item.update", "item.create"]);
    const restored = await call(revert, "/x", { method: "POST", jar: ada, params: { guildId: guild, eventId: events[0].id } });
    expect(restored.status).toBe(200);
    expect((await call(GET, "/x", { jar: ada, params: path(...base, item.id) })).status).toBe(200);
    const stale = await call(revert, "/x", { method: "POST", jar: ada, params: { guildId: guild, eventId: events[2].id } });
    expect(stale.status).toBe(412);
  });

  it("enforces the free limit with a premium hint", async () => {
    const { channel } = await guildRefs(guild);
    const base = ["timers", guild];
    for (const name of ["a", "b"]) {
      const response = await call(POST, "/x", { method: "POST", jar: ada, params: path(...base), body: { name, channel_id: channel, message: "hi", interval_minutes: 30 } });
      expect(response.status).toBe(201);
    }
    const third = await call(POST, "/x", { method: "POST", jar: ada, params: path(...base), body: { name: "c", channel_id: channel, message: "hi", interval_minutes: 30 } });
    expect(third.status).toBe(403);
    expect((await third.json()).code).toBe("premium_limit_reached");
  });
});
