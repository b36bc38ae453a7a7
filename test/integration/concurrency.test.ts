/** @jest-environment node */
// Racing writers: of several writes holding the same version exactly one wins and
// one audit entry is written; concurrent creates never pass a collection's limit.
import { GET as getGuild, PATCH as patchGuild } from "@/app/api/guilds/[guildId]/route";
import { USER_IDS } from "@/emulators/platform/data/ids";
import { resetEnvCache } from "@/lib/env";
import { auditEventsSince, collectionPath, fillPath, lastAuditId, pluginCall, readBody } from "@/test/api";
import { startEmulatorHarness, type EmulatorHarness } from "@/test/emulator-harness";
import { guildRefs } from "@/test/guild-harness";
import { sampleItems } from "@/test/plugin-samples";
import { call, type CookieJar } from "@/test/route-client";
import { addScratchGuild } from "@/test/scratch-guild";
import { signedInJar } from "@/test/sign-in";
import { startSocialHarness, type SocialHarness } from "@/test/social-harness";

let harness: EmulatorHarness;
let social: SocialHarness;
let ada: CookieJar;
let guildId: string;
let samples: Record<string, Record<string, unknown>>;

beforeAll(async () => {
  process.env.RATE_LIMIT_WRITES_PER_MINUTE = "100000";
  process.env.RATE_LIMIT_READS_PER_MINUTE = "100000";
  harness = await startEmulatorHarness();
  social = await startSocialHarness();
  resetEnvCache();
  ada = await signedInJar(harness);
  // This file's own copy of workshop: no other file writes to it, so counts are exact.
  guildId = addScratchGuild(harness, "workshop");
  samples = sampleItems({ ...(await guildRefs(guildId)), social: social.url });
});
afterAll(() => Promise.all([harness.stop(), social.stop()]));

const statuses = (responses: Response[]) => responses.map((response) => response.status).sort();

/** Fires the same-version writes together; expects one 2xx, the rest 412 version_conflict. Returns the winner's body. */
async function race(writes: Array<() => Promise<Response>>, winner: number): Promise<Record<string, unknown>> {
  const responses = await Promise.all(writes.map((write) => write()));
  expect(statuses(responses)).toEqual([winner, ...Array<number>(writes.length - 1).fill(412)]);
  for (const response of responses.filter((item) => item.status === 412)) expect(await readBody(response)).toMatchObject({ code: "version_conflict", status_code: 412 });
  return (await readBody(responses.find((response) => response.status === winner)!)) as Record<string, unknown>;
}

describe("plugin config", () => {
  it("lets one of two PATCHes with the same If-Match win and audits it once", async () => {
    const path = `/moderator/config/${guildId}`;
    const first = await pluginCall(ada, "PATCH", path, { body: { mute_after_warnings: 4 } });
    expect(first.status).toBe(200);
    const etag = first.headers.get("etag")!;
    const since = await lastAuditId(ada, guildId);
    const won = await race(
      [5, 6].map((value) => () => pluginCall(ada, "PATCH", path, { body: { mute_after_warnings: value }, headers: { "if-match": etag } })),
      200,
    );
    const events = await auditEventsSince(ada, guildId, since);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ action: "plugin.update", target: "plugin:moderator", after: { config: { mute_after_warnings: (won.config as { mute_after_warnings: number }).mute_after_warnings } } });
    const stored = (await readBody(await pluginCall(ada, "GET", path))) as { version: number; config: unknown };
    expect(stored).toEqual({ id: "moderator", enabled: false, version: Number(JSON.parse(etag)) + 1, config: won.config });
  });

  it("lets one of five racing first writes (no row yet, If-Match \"0\") win", async () => {
    const path = `/levels/config/${guildId}`;
    expect(await readBody(await pluginCall(ada, "GET", path))).toMatchObject({ version: 0 });
    const since = await lastAuditId(ada, guildId);
    const won = await race(
      [1, 2, 3, 4, 5].map((n) => () => pluginCall(ada, "PATCH", path, { body: { enabled: n % 2 === 0, level_up_message: `level ${n}` }, headers: { "if-match": '"0"' } })),
      200,
    );
    expect(won.version).toBe(1);
    const events = await auditEventsSince(ada, guildId, since);
    expect(events.map((event) => event.target)).toEqual(["plugin:levels"]);
    expect(events[0]!.after).toEqual({ enabled: won.enabled, config: won.config });
    expect(await readBody(await pluginCall(ada, "GET", path))).toEqual(won);
  });

  it("never answers 412 to racing first writes without If-Match: each change lands, each one audited", async () => {
    // Plugins that need nothing filled in to be on (lib/plugins/needed-fields.ts).
    for (const plugin of ["help", "music", "economy"]) {
      const path = `/${plugin}/config/${guildId}`;
      const since = await lastAuditId(ada, guildId);
      // Alternating values: a write equal to what is stored by then is a no-op (no version, no audit).
      const responses = await Promise.all([true, false, true].map((enabled) => pluginCall(ada, "PATCH", path, { body: { enabled } })));
      expect({ plugin, statuses: statuses(responses) }).toEqual({ plugin, statuses: [200, 200, 200] });
      const { version } = (await readBody(await pluginCall(ada, "GET", path))) as { version: number };
      expect(version).toBeGreaterThanOrEqual(1);
      expect(await auditEventsSince(ada, guildId, since, `plugin:${plugin}`)).toHaveLength(version);
    }
  });

  it("keeps both fields of two racing PATCHes without If-Match, every round of 50", async () => {
    const path = `/moderator/config/${guildId}`;
    for (let round = 1; round <= 50; round++) {
      const [mute, ban] = await Promise.all([
        pluginCall(ada, "PATCH", path, { body: { mute_after_warnings: round % 50 } }),
        pluginCall(ada, "PATCH", path, { body: { ban_after_warnings: (round + 7) % 50 } }),
      ]);
      expect({ round, statuses: [mute.status, ban.status] }).toEqual({ round, statuses: [200, 200] });
      const stored = (await readBody(await pluginCall(ada, "GET", path))) as { config: { mute_after_warnings: number; ban_after_warnings: number } };
      expect({ round, mute: stored.config.mute_after_warnings, ban: stored.config.ban_after_warnings }).toEqual({ round, mute: round % 50, ban: (round + 7) % 50 });
    }
  });
});

describe("collection items", () => {
  it("lets one of two PATCHes of an item with the same If-Match win and audits it once", async () => {
    const base = fillPath(collectionPath("commands", "commands", "POST", false), { guildId });
    const created = (await readBody(await pluginCall(ada, "POST", base, { body: { name: "race", response: "Ready" } }))) as { id: string; version: number };
    expect(created.version).toBe(1);
    const itemPath = `${base}/${created.id}`;
    const since = await lastAuditId(ada, guildId);
    const won = await race(
      [10, 20].map((seconds) => () => pluginCall(ada, "PATCH", itemPath, { body: { cooldown_seconds: seconds }, headers: { "if-match": '"1"' } })),
      200,
    );
    expect(won).toMatchObject({ id: created.id, version: 2 });
    const events = await auditEventsSince(ada, guildId, since);
    expect(events.map((event) => [event.action, event.target])).toEqual([["item.update", `item:commands:commands:${created.id}`]]);
    expect(await readBody(await pluginCall(ada, "GET", itemPath))).toEqual(won);
    expect((await pluginCall(ada, "DELETE", itemPath)).status).toBe(204);
  });

  it("keeps both fields of two racing PATCHes of an item without If-Match, every round of 50", async () => {
    const base = fillPath(collectionPath("commands", "commands", "POST", false), { guildId });
    const created = (await readBody(await pluginCall(ada, "POST", base, { body: { name: "merge", response: "Ready" } }))) as { id: string };
    const itemPath = `${base}/${created.id}`;
    for (let round = 1; round <= 50; round++) {
      const [cooldown, response] = await Promise.all([
        pluginCall(ada, "PATCH", itemPath, { body: { cooldown_seconds: round } }),
        pluginCall(ada, "PATCH", itemPath, { body: { response: `Round ${round}` } }),
      ]);
      expect({ round, statuses: [cooldown.status, response.status] }).toEqual({ round, statuses: [200, 200] });
      const stored = (await readBody(await pluginCall(ada, "GET", itemPath))) as { cooldown_seconds: number; response: string };
      expect({ round, cooldown: stored.cooldown_seconds, response: stored.response }).toEqual({ round, cooldown: round, response: `Round ${round}` });
    }
    expect((await pluginCall(ada, "DELETE", itemPath)).status).toBe(204);
  });

  it.each([
    ["commands", "commands", 8, 6],
    ["timers", "timers", 0, 8],
    ["instagram", "subscription", 0, 5],
    ["economy", "wares", 3, 10],
  ] as const)("never lets concurrent creates pass the %s/%s limit (%i stored, %i racing)", async (plugin, collection, prefilled, racing) => {
    const path = fillPath(collectionPath(plugin, collection, "POST", false), { guildId });
    const sample = samples[`${plugin}/${collection}`]!;
    const item = (n: number) => (plugin === "commands" ? { name: `cmd-${n}`, response: "Hi" } : sample);
    for (let n = 0; n < prefilled; n++) expect((await pluginCall(ada, "POST", path, { body: item(n) })).status).toBe(201);
    const list = async () => (await readBody(await pluginCall(ada, "GET", `${fillPath(collectionPath(plugin, collection, "GET", false), { guildId })}?limit=100`))) as { total: number; max: number };
    const { max } = await list();
    const since = await lastAuditId(ada, guildId);
    const responses = await Promise.all(Array.from({ length: racing }, (_, n) => pluginCall(ada, "POST", path, { body: item(100 + n) })));
    const created = responses.filter((response) => response.status === 201).length;
    expect(created).toBe(Math.min(racing, max - prefilled));
    for (const response of responses.filter((item) => item.status !== 201)) {
      expect(response.status).toBe(403);
      expect(await readBody(response)).toMatchObject({ code: "premium_limit_reached" });
    }
    expect((await list()).total).toBe(max);
    expect((await auditEventsSince(ada, guildId, since)).filter((event) => event.action === "item.create")).toHaveLength(created);
  });

  it("never lets concurrent trophy batches pass the limit", async () => {
    const path = `/achievements/guilds/${guildId}/trophies/batch-create`;
    const trophies = Array.from({ length: 4 }, () => samples["achievements/trophies"]);
    const responses = await Promise.all(Array.from({ length: 4 }, () => pluginCall(ada, "POST", path, { body: { trophies } })));
    expect(statuses(responses)).toEqual([201, 201, 403, 403]);
    expect(await readBody(await pluginCall(ada, "GET", `/achievements/guilds/${guildId}/trophies/limits`))).toEqual({ used: 8, max: 10, free: 10, premium: 100 });
  });
});

describe("guild settings", () => {
  it("lets one of two PATCHes of the guild with the same If-Match win and audits it once", async () => {
    const read = await call(getGuild, `/api/guilds/${guildId}`, { jar: ada, params: { guildId } });
    const etag = read.headers.get("etag")!;
    const since = await lastAuditId(ada, guildId);
    const won = await race(
      ["?", "$"].map((prefix) => () => call(patchGuild, `/api/guilds/${guildId}`, { method: "PATCH", jar: ada, params: { guildId }, body: { activePrefix: prefix }, headers: { "if-match": etag } })),
      200,
    );
    const events = await auditEventsSince(ada, guildId, since);
    expect(events.map((event) => [event.action, event.target])).toEqual([["guild.update", "guild"]]);
    expect(events[0]!.after).toMatchObject({ activePrefix: won.activePrefix });
    expect(won.version).toBe(Number(JSON.parse(etag)) + 1);
  });
});

describe("economy balances", () => {
  // On PostgreSQL (CI's second pass) the adjustments really overlap; PGlite runs one at a time.
  it("keeps every one of 40 concurrent coin adjustments of a member who had no balance", async () => {
    const path = `/economy/guilds/${guildId}/coin`;
    expect((await pluginCall(ada, "DELETE", `/economy/guilds/${guildId}/coins`)).status).toBe(204);
    const since = await lastAuditId(ada, guildId);
    const responses = await Promise.all(Array.from({ length: 40 }, () => pluginCall(ada, "POST", path, { body: { user_id: USER_IDS.sam, amount: 1 } })));
    expect(statuses(responses)).toEqual(Array<number>(40).fill(200));
    const seen = await Promise.all(responses.map(async (response) => ((await readBody(response)) as { coins: number }).coins));
    expect(seen.sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, n) => n + 1));
    const audited = (await auditEventsSince(ada, guildId, since)).filter((event) => event.target === `economy-balance:${USER_IDS.sam}`);
    expect(audited.map((event) => (event.after as { coins: number }).coins).sort((a, b) => a - b)).toEqual(seen);
  });
});
