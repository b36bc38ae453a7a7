/** @jest-environment node */
// The Guild entity (spec 3), its settings with ETag / If-Match, audit and revert,
// members, refresh, and a user's own per-guild preferences.
import { GET as getGuild, PATCH as patchGuild } from "@/app/api/guilds/[guildId]/route";
import { POST as revert } from "@/app/api/guilds/[guildId]/audit-log/[eventId]/revert/route";
import { GET as getMember } from "@/app/api/guilds/[guildId]/members/[memberId]/route";
import { GET as searchMembers } from "@/app/api/guilds/[guildId]/members/search/route";
import { POST as refresh } from "@/app/api/guilds/[guildId]/refresh/route";
import { PATCH as patchPreferences } from "@/app/api/users/[userId]/guilds/[guildId]/settings/route";
import { PATCH as patchAllPreferences } from "@/app/api/users/[userId]/guilds/settings/route";
import { USER_IDS } from "@/emulators/platform/data/ids";
import { resetEnvCache } from "@/lib/env";
import { getGuildPickers } from "@/lib/guilds/pickers";
import { refreshGuildCache } from "@/lib/platform/bot-api";
import { PLUGIN_IDS } from "@/lib/plugins/index";
import { auditEventsSince, isEnvelope, lastAuditId, pluginCall, readBody } from "@/test/api";
import { startEmulatorHarness, type EmulatorHarness } from "@/test/emulator-harness";
import { GUILD_IDS, guildRefs } from "@/test/guild-harness";
import { call, type CookieJar } from "@/test/route-client";
import { addRole, addScratchGuild, freshSnowflake, setBuffs } from "@/test/scratch-guild";
import { signedInJar } from "@/test/sign-in";
import { fieldIssue } from "@/lib/validation/server-messages";
import type { IssueCode } from "@/lib/validation/issues";

type Json = Record<string, unknown>;
let harness: EmulatorHarness;
let ada: CookieJar;
let guild: string; // a copy of workshop: Ada owns it
let owls: string; // a copy of nightOwls: Ada manages it through a role

beforeAll(async () => {
  process.env.RATE_LIMIT_WRITES_PER_MINUTE = "100000";
  harness = await startEmulatorHarness();
  resetEnvCache();
  ada = await signedInJar(harness);
  guild = addScratchGuild(harness, "workshop");
  owls = addScratchGuild(harness, "nightOwls");
});
afterAll(() => harness.stop());

const read = (id = guild) => call(getGuild, `/api/guilds/${id}`, { jar: ada, params: { guildId: id } });
const patch = (body: unknown, headers?: Record<string, string>, id = guild) => call(patchGuild, `/api/guilds/${id}`, { method: "PATCH", jar: ada, params: { guildId: id }, body, headers });
const entity = async (id = guild) => (await readBody(await read(id))) as Json;
const undo = (eventId: string, id = guild) => call(revert, "/x", { method: "POST", jar: ada, params: { guildId: id, eventId } });

describe("GET /api/guilds/{id}", () => {
  it("returns the Guild entity of spec 3 with an ETag", async () => {
    const response = await read();
    expect(response.status).toBe(200);
    expect(response.headers.get("etag")).toBe('"0"');
    const body = (await response.json()) as Json;
    expect(body).toMatchObject({
      id: guild, owner: true, owner_id: USER_IDS.ada, activePrefix: "!", application_commands_enabled: true, application_commands_localized: true,
      default_embed_color: null, ignored_channel_ids: [], onboarding: false, guild_locked_down: false, buffs: [], is_premium: false,
      premium_tier: 1, tier_value: 100, member_count: 87, version: 0, stale: false,
    });
    const channels = body.channels as Record<string, Json>;
    const general = Object.entries(channels).find(([, channel]) => channel.name === "general");
    expect(general?.[1]).toEqual({ type: 0, name: "general", position: expect.any(Number), parent_id: expect.any(String) });
    expect(Object.keys(channels).sort()).toEqual((await getGuildPickers(guild)).channels.map((channel) => channel.id).sort());
    const roles = body.roles as Json[];
    expect(roles.find((role) => role.id === guild)).toMatchObject({ name: "@everyone" });
    expect(roles.find((role) => role.name === "Maintainers")).toEqual({ id: expect.any(String), name: "Maintainers", color: 0x1abc9c, permissions: expect.stringMatching(/^\d+$/), mentionable: true, position: expect.any(Number), icon: null, managed: false });
    expect(body.members).toEqual({ [USER_IDS.ada]: { nick: null, roles: expect.any(Array), user: expect.objectContaining({ id: USER_IDS.ada, username: "ada.lovelace" }) } });
    expect((body.plugins as Json[]).map((plugin) => plugin.id)).toEqual([...PLUGIN_IDS]);
    expect(new Set((body.plugins as Json[]).map((plugin) => JSON.stringify(plugin.config)))).toEqual(new Set(['{"enabled":false}']));
  });

  it("shows which plugins are enabled", async () => {
    expect((await pluginCall(ada, "PATCH", `/welcome/config/${guild}`, { body: { enabled: true, join_enabled: false } })).status).toBe(200);
    const plugins = (await entity()).plugins as Array<{ id: string; config: { enabled: boolean } }>;
    expect(plugins.filter((plugin) => plugin.config.enabled).map((plugin) => plugin.id)).toEqual(["welcome"]);
  });

  it.each([
    [[], false],
    [["premium"], true],
    [["premium-gift"], true],
    [["premium-discord"], true],
    [["beta", "premium"], true],
    [["premium-trial", "PREMIUM", "premium ", "gift"], false],
  ])("is_premium for buffs %j is %s", async (buffs, premium) => {
    await setBuffs(owls, buffs);
    expect(await entity(owls)).toMatchObject({ buffs, is_premium: premium });
  });

  it.each([
    [0, 50],
    [1, 100],
    [2, 150],
    [3, 250],
  ] as const)("maps premium_tier %i to tier_value %i", async (tier, value) => {
    harness.emulator.state.guild(owls)!.premium_tier = tier;
    await refreshGuildCache(owls);
    expect(await entity(owls)).toMatchObject({ premium_tier: tier, tier_value: value });
  });
});

describe("guilds the caller cannot open", () => {
  const get = (guildId: string) => call(getGuild, `/api/guilds/${guildId}`, { jar: ada, params: { guildId } });

  it("answers a stranger the same 403 whether or not the bot is in the guild", async () => {
    const botPresentNotMember = await get(GUILD_IDS.synthwave);
    const unknown = await get("999999999999999999");
    expect([botPresentNotMember.status, unknown.status]).toEqual([403, 403]);
    const [a, b] = [await readBody(botPresentNotMember), await readBody(unknown)];
    expect(a).toEqual(b);
    expect(isEnvelope(a, 403)).toBe(true);
  });

  it("tells a manager that the bot is missing with 404", async () => {
    const response = await get(GUILD_IDS.speedrun);
    expect(response.status).toBe(404);
    expect(await readBody(response)).toMatchObject({ code: "guild_not_found" });
  });
});

describe("PATCH /api/guilds/{id}", () => {
  it("saves with If-Match, answers 412 when stale, and writes without If-Match", async () => {
    const current = await read();
    const etag = current.headers.get("etag")!;
    const saved = await patch({ activePrefix: "?", onboarding: true, default_embed_color: 0xff0000, locale: "fr", application_commands_localized: false }, { "if-match": etag });
    expect(saved.status).toBe(200);
    expect(saved.headers.get("etag")).toBe(`"${Number(JSON.parse(etag)) + 1}"`);
    expect(await saved.json()).toMatchObject({ activePrefix: "?", onboarding: true, default_embed_color: 0xff0000, locale: "fr", application_commands_localized: false });
    for (const stale of [etag, '"abc"', "W/\"999\""]) {
      const response = await patch({ activePrefix: "!" }, { "if-match": stale });
      expect(response.status).toBe(412);
      expect(await response.json()).toMatchObject({ code: "version_conflict" });
    }
    expect(await entity()).toMatchObject({ activePrefix: "?" });
    expect((await patch({ activePrefix: "!!" }, { "if-match": "*" })).status).toBe(200);
    expect((await patch({ activePrefix: "!" })).status).toBe(200);
  });

  it.each([
    ["an unknown field", { nope: 1 }],
    ["a read-only field (buffs)", { buffs: ["premium"] }],
    ["a read-only field (guild_locked_down)", { guild_locked_down: true }],
    ["a prefix with spaces", { activePrefix: "a b" }],
    ["an empty prefix", { activePrefix: "" }],
    ["a long prefix", { activePrefix: "toolong" }],
    ["a colour out of range", { default_embed_color: 0x1000000 }],
    ["an unknown locale", { locale: "xx" }],
    ["a bad channel id", { ignored_channel_ids: ["12345"] }],
    ["too many channels", { ignored_channel_ids: Array(101).fill("123456789012345678") }],
    ["not an object", [1]],
  ])("rejects %s", async (_name, body) => {
    const before = await entity();
    const response = await patch(body);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: "validation_failed", status_code: 400 });
    expect(await entity()).toEqual(before);
  });

  it("rejects channels of another guild and channels of the wrong kind", async () => {
    const foreign = (await guildRefs(GUILD_IDS.workshop)).channel;
    const voice = (await guildRefs(guild)).voice!;
    for (const id of [foreign, voice, guild]) {
      const response = await patch({ ignored_channel_ids: [(await guildRefs(guild)).channel, id] });
      const body = await readBody(response);
      expect(response.status).toBe(400);
      expect(isEnvelope(body, 400) && body.fields?.[0]?.path).toBe("ignored_channel_ids.1");
    }
    expect((await patch({ ignored_channel_ids: [(await guildRefs(guild)).channel] })).status).toBe(200);
  });

  it("audits each change; a revert restores the old value, 412 when changed since, 404 across guilds", async () => {
    const start = (await entity()).activePrefix;
    const since = await lastAuditId(ada, guild);
    await patch({ activePrefix: "a1" });
    await patch({ activePrefix: "a2" });
    const [second, first] = await auditEventsSince(ada, guild, since);
    expect(first).toMatchObject({ action: "guild.update", target: "guild", revertible: true, before: { activePrefix: start }, after: { activePrefix: "a1" } });
    expect(second).toMatchObject({ before: { activePrefix: "a1" }, after: { activePrefix: "a2" } });
    const stale = await undo(first!.id);
    expect(stale.status).toBe(412);
    expect(await stale.json()).toMatchObject({ code: "version_conflict" });
    expect((await undo(first!.id, owls)).status).toBe(404);
    expect((await undo("999999999")).status).toBe(404);
    expect((await undo(second!.id)).status).toBe(200);
    expect(await entity()).toMatchObject({ activePrefix: "a1" });
    expect((await undo(first!.id)).status).toBe(200);
    expect(await entity()).toMatchObject({ activePrefix: start });
    expect((await auditEventsSince(ada, guild, Number(second!.id))).map((event) => event.action)).toEqual(["revert", "revert"]);
  });
});

describe("a save that changes nothing", () => {
  it("PATCH {} (or the stored values) bumps no version and writes no audit row; a stale If-Match is still 412", async () => {
    const before = await read();
    const etag = before.headers.get("etag")!;
    const since = await lastAuditId(ada, guild);
    const stored = (await before.json()) as Json;
    for (const body of [{}, { activePrefix: stored.activePrefix, ignored_channel_ids: stored.ignored_channel_ids }]) {
      const response = await patch(body, { "if-match": etag });
      expect(response.status).toBe(200);
      expect(response.headers.get("etag")).toBe(etag);
      expect(await response.json()).toMatchObject({ version: stored.version, activePrefix: stored.activePrefix });
    }
    expect(await lastAuditId(ada, guild)).toBe(since);
    expect((await patch({}, { "if-match": `"${Number(stored.version) + 7}"` })).status).toBe(412);
  });
});

describe("a revert passes the checks of every write", () => {
  const state = () => harness.emulator.state.guild(guild)!;
  /** A text channel added to the guild, for a test that deletes it. */
  function addChannel(name: string): string {
    const general = state().channels.find((channel) => channel.name === "general" || channel.name === "general-renamed")!;
    const id = freshSnowflake();
    state().channels.push({ ...general, id, name });
    void refreshGuildCache(guild);
    return id;
  }
  function deleteChannel(id: string): void {
    state().channels = state().channels.filter((channel) => channel.id !== id);
    void refreshGuildCache(guild);
  }
  /** Makes two changes with `set` then `clear` and returns the second event, whose revert puts `set` back. */
  async function setThenClear(change: () => Promise<Response>, undoChange: () => Promise<Response>) {
    const since = await lastAuditId(ada, guild);
    expect((await change()).status).toBe(200);
    expect((await undoChange()).status).toBe(200);
    const [cleared] = await auditEventsSince(ada, guild, since);
    return cleared!;
  }
  async function expectRefused(eventId: string, path: string, message: string) {
    const before = { entity: await entity(), welcome: await readBody(await pluginCall(ada, "GET", `/welcome/config/${guild}`)), audit: await lastAuditId(ada, guild) };
    const response = await undo(eventId);
    const body = await readBody(response);
    expect(response.status).toBe(400);
    expect(isEnvelope(body, 400) && body.code === "validation_failed" && body.fields).toEqual([fieldIssue(path, message as IssueCode)]);
    expect({ entity: await entity(), welcome: await readBody(await pluginCall(ada, "GET", `/welcome/config/${guild}`)), audit: await lastAuditId(ada, guild) }).toEqual(before);
  }
  const welcomePatch = (body: Json) => () => pluginCall(ada, "PATCH", `/welcome/config/${guild}`, { body });

  it("refuses to put back a role the bot gives once it sits above the bot's highest role", async () => {
    const role = addRole(harness, guild, { name: "Greeted" });
    const event = await setThenClear(welcomePatch({ join_role_ids: [role] }), welcomePatch({ join_role_ids: [] }));
    state().roles.find((entry) => entry.id === role)!.position = 500;
    await refreshGuildCache(guild);
    await expectRefused(event.id, "join_role_ids.0", "role_above_bot");
  });

  it("refuses to put back a plugin's channel that was deleted since", async () => {
    const channel = addChannel("doomed-welcome");
    const event = await setThenClear(welcomePatch({ join_channel_id: channel }), welcomePatch({ join_channel_id: null }));
    deleteChannel(channel);
    await expectRefused(event.id, "join_channel_id", "unknown_channel");
  });

  it("refuses to put back ignored channels of which one was deleted since", async () => {
    const keep = (await guildRefs(guild)).channel;
    const channel = addChannel("doomed-ignored");
    const event = await setThenClear(() => patch({ ignored_channel_ids: [keep, channel] }), () => patch({ ignored_channel_ids: [keep] }));
    deleteChannel(channel);
    await expectRefused(event.id, "ignored_channel_ids.1", "unknown_channel");
  });
});

describe("members", () => {
  it("GET members/@me answers the member, its permissions and ownership", async () => {
    const own = await call(getMember, "/x", { jar: ada, params: { guildId: guild, memberId: "@me" } });
    expect(await own.json()).toMatchObject({ user: { id: USER_IDS.ada }, roles: expect.any(Array), permissions: expect.stringMatching(/^\d+$/), is_owner: true });
    const viaRole = (await (await call(getMember, "/x", { jar: ada, params: { guildId: owls, memberId: "@me" } })).json()) as Json;
    expect(viaRole).toMatchObject({ nick: "Ada (she/her)", is_owner: false });
    expect(BigInt(viaRole.permissions as string) & 32n).toBe(32n); // MANAGE_GUILD
    expect((await call(getMember, "/x", { jar: ada, params: { guildId: guild, memberId: USER_IDS.bjorn } })).status).toBe(400);
  });

  it("searches members by name without leaking private fields", async () => {
    const search = (query: string) => call(searchMembers, `/api/guilds/${guild}/members/search?${query}`, { jar: ada, params: { guildId: guild } });
    const found = (await (await search("q=ada")).json()) as Json[];
    expect(found).toContainEqual({ id: USER_IDS.ada, username: "ada.lovelace", global_name: "Ada", nick: null, avatar: expect.any(String) });
    for (const member of found) expect(Object.keys(member).sort()).toEqual(["avatar", "global_name", "id", "nick", "username"]);
    expect(await (await search("q=zzqqxxnobody")).json()).toEqual([]);
    for (const bad of ["", "q=", "q=%20%20", "q=a&limit=26", `q=${"a".repeat(101)}`]) expect((await search(bad)).status).toBe(400);
  });
});

describe("POST /api/guilds/{id}/refresh", () => {
  it("re-reads channels at most once a minute", async () => {
    const channel = harness.emulator.state.guild(guild)!.channels.find((item) => item.name === "general")!;
    await entity(); // cached before the rename
    channel.name = "general-renamed";
    const first = await call(refresh, "/x", { method: "POST", jar: ada, params: { guildId: guild } });
    expect(first.status).toBe(200);
    expect(Date.parse(((await first.json()) as { refreshed_at: string }).refreshed_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(((await entity()).channels as Record<string, Json>)[channel.id]).toMatchObject({ name: "general-renamed" });
    const again = await call(refresh, "/x", { method: "POST", jar: ada, params: { guildId: guild } });
    expect(again.status).toBe(429);
    expect(await again.json()).toMatchObject({ code: "refresh_too_soon", status_code: 429 });
    expect(Number(again.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(again.headers.get("retry-after"))).toBeLessThanOrEqual(60);
  });
});

describe("a user's own guild preferences", () => {
  const one = (guildId: string, body: unknown, userId = "@me", jar: CookieJar | null = ada) =>
    call(patchPreferences, "/x", { method: "PATCH", jar: jar ?? undefined, params: { userId, guildId }, body });
  const all = (body: unknown) => call(patchAllPreferences, "/x", { method: "PATCH", jar: ada, params: { userId: "@me" }, body });

  it("PATCH /api/users/@me/guilds/{id}/settings merges for a guild the user is in, 403 otherwise", async () => {
    expect(await (await one(GUILD_IDS.lofi, { pinned: true })).json()).toMatchObject({ pinned: true });
    expect(await (await one(GUILD_IDS.lofi, { hidden: false })).json()).toMatchObject({ pinned: true, hidden: false });
    const stranger = await one(GUILD_IDS.synthwave, { pinned: true });
    expect(stranger.status).toBe(403);
    expect(await stranger.json()).toMatchObject({ code: "guild_forbidden" });
    expect((await one(GUILD_IDS.lofi, { colour: "red" })).status).toBe(400);
    expect((await one(GUILD_IDS.lofi, { pinned: true }, USER_IDS.bjorn)).status).toBe(403);
    expect((await one(GUILD_IDS.lofi, { pinned: true }, "@me", null)).status).toBe(401);
  });

  it("PATCH /api/users/@me/guilds/settings changes several guilds, or none when one is foreign", async () => {
    expect((await all({ guilds: { [GUILD_IDS.workshop]: { notifications: true } } })).status).toBe(200);
    const refused = await all({ guilds: { [GUILD_IDS.workshop]: { notifications: false }, [GUILD_IDS.synthwave]: { pinned: true } } });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: "guild_forbidden" });
    const saved = (await (await all({ guilds: { [GUILD_IDS.workshop]: { pinned: false }, [GUILD_IDS.cozyCafe]: { hidden: true } } })).json()) as Json;
    expect(saved).toMatchObject({ [GUILD_IDS.workshop]: { notifications: true, pinned: false }, [GUILD_IDS.cozyCafe]: { hidden: true } });
    expect((await all({ guilds: { abc: { pinned: true } } })).status).toBe(400);
    expect((await all({ guilds: Object.fromEntries(Array.from({ length: 201 }, (_, n) => [`${100000000000000000n + BigInt(n)}`, {}])) })).status).toBe(400);
  });
});
