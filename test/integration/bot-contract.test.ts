/** @jest-environment node */
// The bot API (/api/bot/v1) as the gateway bot uses it: a bot key opens it (nothing else does),
// a guild's config is a snapshot whose version the change feed continues from with nothing
// missed, refused writes leave no change and no gap in the feed, a page may end inside a commit,
// a long poll answers when a change commits, events apply once per key (even sent twice at the
// same instant), and the OpenAPI description is the routes' own schemas.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import * as changesModule from "@/app/api/bot/v1/changes/route";
import * as eventsModule from "@/app/api/bot/v1/events/route";
import * as configModule from "@/app/api/bot/v1/guilds/[guildId]/config/route";
import * as customBotModule from "@/app/api/bot/v1/guilds/[guildId]/custom-bot/route";
import * as openapiModule from "@/app/api/bot/v1/openapi.json/route";
import { EMULATOR_CLIENT_ID } from "@/emulators/platform/credentials";
import { createBotKey, revokeBotKey } from "@/lib/bot-contract/keys";
import { recordChanges } from "@/lib/bot-contract/record-change";
import { BOT_ROUTES, type BotRouteSpec } from "@/lib/bot-contract/routes";
import { MAX_EVENTS_PER_BATCH } from "@/lib/bot-contract/schemas";
import { getDb } from "@/lib/db/client";
import { botEvents, botKeys, configChanges, giveawayEntries, memberLevels, moderationCases } from "@/lib/db/schema";
import { collectionPath, fillPath, isEnvelope, pluginCall, readBody } from "@/test/api";
import { applyChanges, botCall, configState, postEvents, readChangesPage, readConfig } from "@/test/bot-api";
import { startEmulatorHarness, type EmulatorHarness } from "@/test/emulator-harness";
import { GUILD_IDS, guildRefs } from "@/test/guild-harness";
import { sampleItems } from "@/test/plugin-samples";
import { call, type CookieJar } from "@/test/route-client";
import { addRole, addScratchGuild, freshSnowflake } from "@/test/scratch-guild";
import { signedInJar } from "@/test/sign-in";

const { GET: changesRoute } = changesModule;
const { POST: eventsRoute } = eventsModule;
const { GET: configRoute } = configModule;
const { GET: openapiRoute } = openapiModule;

/** Every route file of the bot API (the description test checks none is missing). */
const ROUTE_MODULES: Record<string, object> = {
  "app/api/bot/v1/changes/route.ts": changesModule,
  "app/api/bot/v1/events/route.ts": eventsModule,
  "app/api/bot/v1/guilds/[guildId]/config/route.ts": configModule,
  "app/api/bot/v1/guilds/[guildId]/custom-bot/route.ts": customBotModule,
  "app/api/bot/v1/openapi.json/route.ts": openapiModule,
};

let harness: EmulatorHarness;
let ada: CookieJar;
let guildId: string;
let key: string;
let keyId: string;
let samples: Record<string, Record<string, unknown>>;

beforeAll(async () => {
  process.env.RATE_LIMIT_WRITES_PER_MINUTE = "100000";
  process.env.RATE_LIMIT_READS_PER_MINUTE = "100000";
  harness = await startEmulatorHarness();
  ada = await signedInJar(harness);
  // This file's own copy of workshop (the bot is in it): no other file writes to it.
  guildId = addScratchGuild(harness, "workshop", "Bot contract hall");
  samples = sampleItems(await guildRefs(guildId));
  const created = await createBotKey(await getDb(), "contract test bot");
  [key, keyId] = [created.key, created.botKey.id];
});
afterAll(() => harness.stop());

async function json<T = Record<string, unknown>>(response: Response, expected: number): Promise<T> {
  const body = await readBody(response);
  if (response.status !== expected) throw new Error(`expected ${expected}, got ${response.status}: ${JSON.stringify(body)}`);
  return body as T;
}

const configUrl = (id: string) => `/api/bot/v1/guilds/${id}/config`;
const patchConfig = (plugin: string, body: Record<string, unknown>) => pluginCall(ada, "PATCH", `/${plugin}/config/${guildId}`, { body });
const createItem = (plugin: string, collection: string, body: unknown) => pluginCall(ada, "POST", fillPath(collectionPath(plugin, collection, "POST", false), { guildId }), { body });

describe("bot keys", () => {
  const routes = [
    { label: "GET config", send: (options: { key?: string; jar?: CookieJar }) => sendAs(configRoute, configUrl(guildId), "GET", { guildId }, undefined, options) },
    { label: "GET changes", send: (options: { key?: string; jar?: CookieJar }) => sendAs(changesRoute, "/api/bot/v1/changes?after=0", "GET", {}, undefined, options) },
    {
      label: "POST events",
      send: (options: { key?: string; jar?: CookieJar }) =>
        sendAs(eventsRoute, "/api/bot/v1/events", "POST", {}, { events: [{ key: `join-${crypto.randomUUID()}`, type: "member_join", guild_id: guildId, user_id: EMULATOR_CLIENT_ID, at: new Date().toISOString() }] }, options),
    },
  ];

  /** With a jar: as a signed-in browser (cookies, XSRF header, same origin); else as a server, with the key if given. */
  function sendAs(handler: Parameters<typeof botCall>[0], url: string, method: string, params: Record<string, string>, body: unknown, options: { key?: string; jar?: CookieJar }) {
    if (options.jar) return call(handler, url, { method, jar: options.jar, params, body, headers: options.key ? { authorization: `Bot ${options.key}` } : undefined });
    return botCall(handler, url, { method, params, body, key: options.key });
  }

  it.each(routes.map((route) => [route.label, route] as const))("%s: 401 in the envelope without a key in use, 200 with one", async (_label, route) => {
    const revoked = await createBotKey(await getDb(), "revoked in test");
    await revokeBotKey(await getDb(), revoked.botKey.id);
    const refused = [
      { case: "no key", options: {} },
      { case: "the guild owner's session alone", options: { jar: ada } },
      { case: "an unknown key", options: { key: `ghbot_000000000000_${"A".repeat(43)}` } },
      { case: "a known id with another secret", options: { key: `ghbot_${keyId}_${"B".repeat(43)}` } },
      { case: "not a bot key", options: { key: "hello" } },
      { case: "a revoked key", options: { key: revoked.key } },
    ];
    for (const attempt of refused) {
      const response = await route.send(attempt.options);
      const body = await readBody(response);
      expect({ case: attempt.case, status: response.status, envelope: isEnvelope(body, 401), code: (body as { code?: string }).code }).toEqual({ case: attempt.case, status: 401, envelope: true, code: "bot_unauthorized" });
      expect(response.headers.get("www-authenticate")).toMatch(/^Bot /);
    }
    const bearer = await botCall(configRoute, configUrl(guildId), { params: { guildId }, headers: { authorization: `Bearer ${key}` } });
    expect(bearer.status).toBe(401);
    expect((await route.send({ key })).status).toBe(200);
    // A signed-in browser that also holds the key is the key's caller, nothing more.
    expect((await route.send({ key, jar: ada })).status).toBe(200);
  });

  it("writes nothing for events sent without a key", async () => {
    const eventKey = `xp-nokey-${crypto.randomUUID()}`;
    const response = await postEvents(undefined, [{ key: eventKey, type: "member_join", guild_id: guildId, user_id: EMULATOR_CLIENT_ID, at: new Date().toISOString() }]);
    expect(response.status).toBe(401);
    expect(await (await getDb()).select().from(botEvents).where(eq(botEvents.key, eventKey))).toEqual([]);
  });

  it("notes when a key was last used", async () => {
    const fresh = await createBotKey(await getDb(), "last used");
    expect(fresh.botKey.lastUsedAt).toBeNull();
    await readChangesPage(fresh.key, "after=0&limit=1");
    const [row] = await (await getDb()).select().from(botKeys).where(eq(botKeys.id, fresh.botKey.id));
    expect(row!.lastUsedAt).toBeInstanceOf(Date);
    // The secret is what follows the id; it may itself hold or start with "_".
    expect(row!.hash).not.toContain(/^ghbot_[0-9a-f]{12}_(.+)$/.exec(fresh.key)![1]!);
  });
});

describe("GET guilds/{id}/config and the changes after its version", () => {
  it("gives every plugin that is on (and the items of those that are off) at one version; the changes after it bring it to the current state", async () => {
    await json(await patchConfig("help", { enabled: true }), 200);
    await json(await createItem("commands", "commands", { name: "hello", response: "Hi!" }), 201);
    const before = await readConfig(key, guildId);
    BOT_ROUTES.guildConfig.response.parse(before);
    expect(before.guild_id).toBe(guildId);
    expect(before.plugins.help).toMatchObject({ enabled: true, config: expect.any(Object) });
    // Commands is off but holds an item: it is listed, with it.
    expect(before.plugins.commands).toMatchObject({ enabled: false, collections: { commands: [expect.objectContaining({ name: "hello", version: 1 })] } });
    expect(before.plugins.moderator).toBeUndefined();

    const created = await json<{ id: string }>(await createItem("commands", "commands", { name: "bye", response: "Bye!" }), 201);
    await json(await patchConfig("moderator", { mute_after_warnings: 7 }), 200);
    await json(await pluginCall(ada, "PATCH", `${fillPath(collectionPath("commands", "commands", "POST", false), { guildId })}/${created.id}`, { body: { response: "See you!" } }), 200);
    await json(await patchConfig("help", { enabled: false }), 200);
    const { PATCH: patchGuild } = await import("@/app/api/guilds/[guildId]/route");
    await json(await call(patchGuild, `/api/guilds/${guildId}`, { method: "PATCH", jar: ada, params: { guildId }, body: { activePrefix: "?" } }), 200);
    await json(await pluginCall(ada, "DELETE", `${fillPath(collectionPath("commands", "commands", "POST", false), { guildId })}/${created.id}`), 204);

    const page = await readChangesPage(key, `after=${before.version}`);
    BOT_ROUTES.changes.response.parse(page);
    const mine = page.changes.filter((change) => change.guild_id === guildId);
    expect(mine.map((change) => [change.kind, change.plugin_id])).toEqual([
      ["item_created", "commands"],
      ["plugin", "moderator"],
      ["item_updated", "commands"],
      ["plugin", "help"],
      ["guild_settings", null],
      ["item_deleted", "commands"],
    ]);
    const after = await readConfig(key, guildId);
    expect(Number(after.version)).toBe(Number(before.version) + 6);
    expect(page.cursor).toBe(after.version);
    expect(configState(applyChanges(before, page.changes))).toEqual(configState(after));
    expect(after.settings.activePrefix).toBe("?");
  });

  it("answers 404 for a guild the bot is not in or that does not exist, 400 for an id that is none", async () => {
    for (const id of [GUILD_IDS.pixelRaiders, freshSnowflake()]) {
      const body = await json(await botCall(configRoute, configUrl(id), { key, params: { guildId: id } }), 404);
      expect(body).toMatchObject({ code: "guild_not_found", status_code: 404 });
    }
    expect((await botCall(configRoute, configUrl("not-a-guild"), { key, params: { guildId: "not-a-guild" } })).status).toBe(400);
  });
});

describe("GET changes", () => {
  it("numbers commits with no gap: refused and rolled-back writes take no number", async () => {
    await json(await createItem("commands", "commands", { name: "taken", response: "First" }), 201);
    const start = (await readConfig(key, guildId)).version;
    await json(await patchConfig("moderator", { mute_after_warnings: 9 }), 200);
    // Refused writes: on the version (If-Match), on a name already used, on a needed field left empty.
    expect((await pluginCall(ada, "PATCH", `/moderator/config/${guildId}`, { body: { mute_after_warnings: 10 }, headers: { "if-match": '"1"' } })).status).toBe(412);
    expect((await createItem("commands", "commands", { name: "taken", response: "Again" })).status).toBe(409);
    expect((await patchConfig("welcome", { enabled: true, join_enabled: true, join_channel_id: null })).status).toBe(400);
    // A transaction that wrote its change rows, then rolled back.
    const db = await getDb();
    await expect(
      db.transaction(async (tx) => {
        await recordChanges(tx, guildId, [{ kind: "guild_settings", value: { rolled: "back" } }]);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    await json(await patchConfig("moderator", { mute_after_warnings: 11 }), 200);
    const page = await readChangesPage(key, `after=${start}`);
    expect(page.changes.map((change) => change.commit)).toEqual([Number(start) + 1, Number(start) + 2]);
    expect(page.changes.map((change) => (change.kind === "plugin" ? change.value.config.mute_after_warnings : null))).toEqual([9, 11]);
    expect(await db.select().from(configChanges).where(isNull(configChanges.commitNumber))).toEqual([]);
  });

  it("ends a page inside a commit when the limit says so, and the next page goes on from there", async () => {
    const start = (await readConfig(key, guildId)).version;
    const trophies = [1, 2, 3].map((n) => ({ ...samples["achievements/trophies"], name: `Trophy ${n}`, threshold: n * 100 }));
    await json(await pluginCall(ada, "POST", `/achievements/guilds/${guildId}/trophies/batch-create`, { body: { trophies } }), 201);
    const first = await readChangesPage(key, `after=${start}&limit=2`);
    expect(first.changes).toHaveLength(2);
    expect(first.cursor).toMatch(/^\d+\.\d+$/);
    const second = await readChangesPage(key, `after=${first.cursor}&limit=2`);
    expect(second.changes).toHaveLength(1);
    expect(second.cursor).toBe(String(first.changes[0]!.commit));
    expect([...first.changes, ...second.changes].map((change) => (change.kind === "item_created" ? change.value.name : null))).toEqual(["Trophy 1", "Trophy 2", "Trophy 3"]);
    expect(new Set([...first.changes, ...second.changes].map((change) => change.commit)).size).toBe(1);
    expect(await readChangesPage(key, `after=${second.cursor}`)).toEqual({ changes: [], cursor: second.cursor });
  });

  it("waits for a change when there is none yet, and answers as soon as one commits", async () => {
    const start = (await readConfig(key, guildId)).version;
    const waiting = readChangesPage(key, `after=${start}&wait=30`);
    await json(await patchConfig("moderator", { mute_after_warnings: 21 }), 200);
    const page = await waiting;
    expect(page.changes).toEqual([expect.objectContaining({ kind: "plugin", plugin_id: "moderator", guild_id: guildId })]);
  });

  it("stops waiting when the bot hangs up", async () => {
    const start = (await readConfig(key, guildId)).version;
    const hangUp = new AbortController();
    const waiting = botCall(changesRoute, `/api/bot/v1/changes?after=${start}&wait=30`, { key, signal: hangUp.signal });
    hangUp.abort();
    expect(await json(await waiting, 200)).toEqual({ changes: [], cursor: start });
  });

  it("refuses a cursor it never gave: malformed (400) or past the feed's end (409)", async () => {
    for (const after of ["", "abc", "1.", "-1", "1.2.3"]) {
      const response = await botCall(changesRoute, `/api/bot/v1/changes?after=${encodeURIComponent(after)}`, { key });
      expect({ after, status: response.status }).toEqual({ after, status: 400 });
    }
    expect((await botCall(changesRoute, "/api/bot/v1/changes", { key })).status).toBe(400);
    expect((await botCall(changesRoute, "/api/bot/v1/changes?after=0&wait=31", { key })).status).toBe(400);
    const ahead = await json(await botCall(changesRoute, "/api/bot/v1/changes?after=999999999999", { key }), 409);
    expect(ahead).toMatchObject({ code: "cursor_ahead" });
  });
});

describe("POST events", () => {
  const at = () => new Date().toISOString();
  const member = () => [...harness.emulator.state.guild(guildId)!.members.keys()].find((id) => id !== EMULATOR_CLIENT_ID)!;
  const xp = (eventKey: string, amount: number, userId = member()) => ({ key: eventKey, type: "xp_gain", guild_id: guildId, user_id: userId, xp: amount, display_name: "Ada", username: "ada", avatar: null, at: at() });

  async function xpOf(userId: string): Promise<number | undefined> {
    const [row] = await (await getDb())
      .select({ xp: memberLevels.xp })
      .from(memberLevels)
      .where(and(eq(memberLevels.guildId, guildId), eq(memberLevels.userId, userId)));
    return row?.xp;
  }

  beforeAll(async () => {
    await json(await patchConfig("levels", { enabled: true }), 200);
  });

  it("applies each event once by its key, even sent twice at the same instant", async () => {
    const userId = member();
    const start = (await xpOf(userId)) ?? 0;
    const eventKey = `xp-${crypto.randomUUID()}`;
    const answers = await Promise.all([postEvents(key, [xp(eventKey, 15, userId)]), postEvents(key, [xp(eventKey, 15, userId)])]);
    const results = await Promise.all(answers.map((response) => json<{ results: Array<{ status: string }> }>(response, 200)));
    expect(results.map((body) => body.results[0]!.status).sort()).toEqual(["applied", "duplicate"]);
    expect(await xpOf(userId)).toBe(start + 15);
    // Later, and twice in one batch: still once.
    const again = await json<{ results: unknown[] }>(await postEvents(key, [xp(eventKey, 15, userId), xp(eventKey, 15, userId)]), 200);
    expect(again.results).toEqual([
      { key: eventKey, status: "duplicate" },
      { key: eventKey, status: "duplicate" },
    ]);
    expect(await xpOf(userId)).toBe(start + 15);
    // Stored as the bot: the key that reported it.
    const [stored] = await (await getDb()).select().from(botEvents).where(eq(botEvents.key, eventKey));
    expect(stored).toMatchObject({ botKeyId: keyId, guildId, type: "xp_gain" });
  });

  it("records joins, XP, giveaway entries and moderation cases, each where its feature reads it", async () => {
    const userId = member();
    const vip = addRole(harness, guildId, { name: "VIP" });
    await json(await patchConfig("giveaways", { enabled: true }), 200);
    const giveaway = await json<{ id: string }>(await createItem("giveaways", "giveaways", { ...samples["giveaways/giveaways"], required_role_ids: [vip], ends_at: new Date(Date.now() + 86_400_000).toISOString() }), 201);
    await json(await pluginCall(ada, "POST", `/giveaways/guilds/${guildId}/giveaways/${giveaway.id}/start`), 200);
    const keys = ["join", "xp", "entry", "entry-no-role", "ban", "timeout"].map((name) => `${name}-${crypto.randomUUID()}`);
    const body = await json<{ results: Array<{ key: string; status: string; error?: { code: string } }> }>(
      await postEvents(key, [
        { key: keys[0], type: "member_join", guild_id: guildId, user_id: userId, at: at() },
        xp(keys[1]!, 40, userId),
        { key: keys[2], type: "giveaway_entry", guild_id: guildId, giveaway_id: giveaway.id, user_id: userId, role_ids: [vip], at: at() },
        { key: keys[3], type: "giveaway_entry", guild_id: guildId, giveaway_id: giveaway.id, user_id: EMULATOR_CLIENT_ID, role_ids: [], at: at() },
        { key: keys[4], type: "moderation_case", guild_id: guildId, user_id: userId, moderator_id: EMULATOR_CLIENT_ID, action: "ban", reason: "Spam", duration_seconds: null, at: at() },
        { key: keys[5], type: "moderation_case", guild_id: guildId, user_id: userId, moderator_id: EMULATOR_CLIENT_ID, action: "timeout", reason: null, duration_seconds: 600, at: "2026-01-02T03:04:05Z" },
      ]),
      200,
    );
    BOT_ROUTES.events.response.parse(body);
    expect(body.results.map((result) => [result.status, result.error?.code])).toEqual([
      ["applied", undefined],
      ["applied", undefined],
      ["applied", undefined],
      ["refused", "giveaway_role_missing"],
      ["applied", undefined],
      ["applied", undefined],
    ]);
    const db = await getDb();
    expect(await db.select({ userId: giveawayEntries.userId, entries: giveawayEntries.entries }).from(giveawayEntries).where(eq(giveawayEntries.giveawayId, giveaway.id))).toEqual([{ userId, entries: 1 }]);
    const cases = await db.select().from(moderationCases).where(eq(moderationCases.guildId, guildId)).orderBy(moderationCases.number);
    expect(cases.map((row) => [row.number, row.type, row.reason, row.durationSeconds, row.moderatorKind, row.source, row.idempotencyKey])).toEqual([
      [1, "ban", "Spam", null, "bot", "bot", `bot-event:${keys[4]}`],
      [2, "timeout", "", 600, "bot", "bot", `bot-event:${keys[5]}`],
    ]);
    expect(cases[1]!.createdAt.toISOString()).toBe("2026-01-02T03:04:05.000Z");
    expect(cases[1]!.expiresAt?.toISOString()).toBe("2026-01-02T03:14:05.000Z");
    // A refused event leaves its key unused.
    expect(await db.select().from(botEvents).where(eq(botEvents.key, keys[3]!))).toEqual([]);
  });

  it("refuses, changing nothing, what cannot apply: a guild the bot is not in, Levels off, a giveaway not running", async () => {
    const other = addScratchGuild(harness, "workshop", "Levels off");
    const stranger = GUILD_IDS.pixelRaiders;
    const eventKeys = ["a", "b", "c"].map((name) => `${name}-${crypto.randomUUID()}`);
    const body = await json<{ results: Array<{ status: string; error?: { code: string } }> }>(
      await postEvents(key, [
        { ...xp(eventKeys[0]!, 5), guild_id: stranger },
        { ...xp(eventKeys[1]!, 5), guild_id: other },
        { key: eventKeys[2], type: "giveaway_entry", guild_id: guildId, giveaway_id: crypto.randomUUID(), user_id: member(), role_ids: [], at: at() },
      ]),
      200,
    );
    expect(body.results.map((result) => [result.status, result.error?.code])).toEqual([
      ["refused", "unknown_guild"],
      ["refused", "plugin_disabled"],
      ["refused", "giveaway_not_running"],
    ]);
  });

  it("refuses a whole batch that does not match the schema (400, nothing applied), past its size (400) or not JSON (415)", async () => {
    const good = xp(`xp-${crypto.randomUUID()}`, 3);
    const bad = await json(await postEvents(key, [good, { ...xp(`xp-${crypto.randomUUID()}`, 3), xp: -1 }]), 400);
    expect(bad).toMatchObject({ code: "validation_failed", fields: [expect.objectContaining({ path: "events.1.xp" })] });
    expect(await (await getDb()).select().from(botEvents).where(eq(botEvents.key, good.key))).toEqual([]);
    expect((await postEvents(key, [{ ...good, type: "reaction" }])).status).toBe(400);
    expect((await postEvents(key, [{ ...good, surprise: 1 }])).status).toBe(400);
    expect((await postEvents(key, [])).status).toBe(400);
    const many = Array.from({ length: MAX_EVENTS_PER_BATCH + 1 }, (_, n) => xp(`many-${n}-${crypto.randomUUID()}`, 1));
    expect((await postEvents(key, many)).status).toBe(400);
    const text = await botCall(eventsRoute, "/api/bot/v1/events", { key, method: "POST", body: { events: [good] }, headers: { "content-type": "text/plain" } });
    expect(text.status).toBe(415);
  });
});

describe("the OpenAPI description", () => {
  const root = process.cwd();
  const routeFiles = (dir: string): string[] =>
    readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? routeFiles(path.join(dir, entry.name)) : entry.name === "route.ts" ? [path.join(dir, entry.name).split(path.sep).join("/")] : [],
    );

  it("is served at /api/bot/v1/openapi.json to anyone, and lists every route file with every method it exports", async () => {
    const response = await openapiRoute();
    expect(response.status).toBe(200);
    const doc = (await response.json()) as { openapi: string; servers: Array<{ url: string }>; paths: Record<string, Record<string, { security?: unknown[] }>>; components: { securitySchemes: Record<string, unknown> } };
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.servers).toEqual([{ url: "/api/bot/v1" }]);
    expect(doc.components.securitySchemes.botKey).toMatchObject({ type: "apiKey", in: "header", name: "Authorization" });
    expect(routeFiles("app/api/bot/v1").sort()).toEqual(Object.keys(ROUTE_MODULES).sort());
    const fromFiles = Object.entries(ROUTE_MODULES).flatMap(([file, module]) => {
      const documentedPath = file.replace(/^app\/api\/bot\/v1/, "").replace(/\/route\.ts$/, "").replace(/\[(\w+)\]/g, "{$1}");
      const methods = Object.keys(module).filter((name) => /^(GET|POST|PUT|PATCH|DELETE)$/.test(name));
      return methods.map((method) => `${method.toLowerCase()} ${documentedPath}`);
    });
    const documented = Object.entries(doc.paths).flatMap(([documentedPath, operations]) => Object.keys(operations).map((method) => `${method} ${documentedPath}`));
    expect(documented.sort()).toEqual(fromFiles.sort());
    // Only the description itself is open; every other operation needs the key (the document's default).
    expect(doc.paths["/openapi.json"]!.get!.security).toEqual([]);
    expect(Object.values(doc.paths).flatMap((operations) => Object.values(operations)).filter((operation) => operation.security !== undefined)).toHaveLength(1);
  });

  it("says what the routes parse and answer: their own zod schemas", async () => {
    const doc = (await (await openapiRoute()).json()) as { paths: Record<string, Record<string, Record<string, unknown>>> };
    const schema = (zod: z.ZodType, io: "input" | "output") => {
      const { $schema: _dialect, ...rest } = z.toJSONSchema(zod, { io }) as Record<string, unknown>;
      return rest;
    };
    for (const spec of Object.values(BOT_ROUTES) as BotRouteSpec[]) {
      const operation = doc.paths[spec.path]![spec.method.toLowerCase()]! as {
        requestBody?: { content: Record<string, { schema: unknown }> };
        responses: Record<string, { content: Record<string, { schema: unknown }> }>;
        parameters: Array<{ name: string; in: string; required: boolean }>;
      };
      expect(operation.responses["200"]!.content["application/json"]!.schema).toEqual(schema(spec.response, "output"));
      if (spec.body) expect(operation.requestBody!.content["application/json"]!.schema).toEqual(schema(spec.body, "input"));
      else expect(operation.requestBody).toBeUndefined();
      const expected = [
        ...Object.keys((spec.params as z.ZodObject | undefined)?.shape ?? {}).map((name) => ({ name, in: "path", required: true })),
        ...Object.entries((spec.query as z.ZodObject | undefined)?.shape ?? {}).map(([name, field]) => ({ name, in: "query", required: !(field as z.ZodType).safeParse(undefined).success })),
      ];
      expect(operation.parameters.map(({ name, in: where, required }) => ({ name, in: where, required }))).toEqual(expected);
      if (!spec.public) expect(operation.responses["401"]).toMatchObject({ content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } });
    }
  });

  it("is used by every route file: none parses with schemas of its own", () => {
    for (const file of routeFiles("app/api/bot/v1").filter((name) => !name.endsWith("openapi.json/route.ts"))) {
      expect({ file, usesContract: /botRoute\(BOT_ROUTES\.\w+,/.test(readFileSync(path.join(root, file), "utf8")) }).toEqual({ file, usesContract: true });
    }
  });
});
