/** @jest-environment node */
// The guild's time zone (PATCH /api/guilds/{id} `timezone`), through audit, revert, export and
// import; and what the API says about date-times and zones in plugin settings.
import { eq, sql } from "drizzle-orm";
import { GET as getGuild, PATCH as patchGuild } from "@/app/api/guilds/[guildId]/route";
import { POST as revert } from "@/app/api/guilds/[guildId]/audit-log/[eventId]/revert/route";
import { GET as exportRoute } from "@/app/api/guilds/[guildId]/settings-export/route";
import { POST as importRoute } from "@/app/api/guilds/[guildId]/settings-import/route";
import { getDb } from "@/lib/db/client";
import { auditEvents } from "@/lib/db/schema";
import { resetEnvCache } from "@/lib/env";
import { PAST_MESSAGE } from "@/lib/plugins/fields";
import type { SettingsFile } from "@/lib/settings-transfer/settings-file";
import { UNKNOWN_ZONE_MESSAGE } from "@/lib/time/zone-name";
import { fieldIssue } from "@/lib/validation/server-messages";
import { auditEventsSince, isEnvelope, lastAuditId, pluginCall, readBody } from "@/test/api";
import { startEmulatorHarness, type EmulatorHarness } from "@/test/emulator-harness";
import { guildRefs } from "@/test/guild-harness";
import { call, type CookieJar } from "@/test/route-client";
import { addScratchGuild } from "@/test/scratch-guild";
import { signedInJar } from "@/test/sign-in";

type Json = Record<string, unknown>;
let harness: EmulatorHarness;
let ada: CookieJar;
let guild: string;
let other: string;

beforeAll(async () => {
  process.env.RATE_LIMIT_WRITES_PER_MINUTE = "100000";
  harness = await startEmulatorHarness();
  resetEnvCache();
  ada = await signedInJar(harness);
  guild = addScratchGuild(harness, "workshop");
  other = addScratchGuild(harness, "nightOwls");
});
afterAll(() => harness.stop());

const read = (id = guild) => call(getGuild, `/api/guilds/${id}`, { jar: ada, params: { guildId: id } });
const patch = (body: unknown, headers?: Record<string, string>, id = guild) => call(patchGuild, `/api/guilds/${id}`, { method: "PATCH", jar: ada, params: { guildId: id }, body, headers });
const entity = async (id = guild) => (await readBody(await read(id))) as Json;
const undo = (eventId: string) => call(revert, "/x", { method: "POST", jar: ada, params: { guildId: guild, eventId } });
const ok = async (response: Response, status = 200): Promise<Json> => {
  const body = await readBody(response);
  if (response.status !== status) throw new Error(`expected ${status}, got ${response.status}: ${JSON.stringify(body)}`);
  return body as Json;
};

describe("the guild's time zone", () => {
  it("is null until set, then saved with If-Match and shown in the Guild entity", async () => {
    const before = await read();
    expect(((await before.json()) as Json).timezone).toBeNull();
    const saved = await patch({ timezone: "Europe/Paris" }, { "if-match": before.headers.get("etag")! });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ timezone: "Europe/Paris" });
    expect(await entity()).toMatchObject({ timezone: "Europe/Paris" });
    for (const zone of ["UTC", "America/St_Johns", "Asia/Kathmandu", null]) {
      expect(await ok(await patch({ timezone: zone }))).toMatchObject({ timezone: zone });
    }
  });

  it.each([
    ["an unknown zone", "Mars/Olympus_Mons"],
    ["an offset", "+01:00"],
    ["an empty name", ""],
    ["a padded name", " Europe/Paris"],
    ["a number", 1],
    ["a NUL", "Europe/Paris\u0000"],
    ["a long name", "A".repeat(65)],
  ])("refuses %s with a field error and changes nothing", async (_what, timezone) => {
    const before = await entity();
    const response = await patch({ timezone });
    const body = await readBody(response);
    expect(response.status).toBe(400);
    expect(isEnvelope(body, 400) && body.code).toBe("validation_failed");
    expect(isEnvelope(body, 400) && body.fields?.map((field) => field.path)).toEqual(["timezone"]);
    expect(await entity()).toEqual(before);
  });

  it("names the problem for an unknown zone", async () => {
    const body = await readBody(await patch({ timezone: "Nowhere/Else" }));
    expect(isEnvelope(body, 400) && body.fields).toEqual([fieldIssue("timezone", UNKNOWN_ZONE_MESSAGE)]);
  });

  it("audits the change, and a revert puts the previous zone back", async () => {
    await ok(await patch({ timezone: "Asia/Tokyo" }));
    const since = await lastAuditId(ada, guild);
    await ok(await patch({ timezone: "America/New_York" }));
    const [event] = await auditEventsSince(ada, guild, since);
    expect(event).toMatchObject({ action: "guild.update", target: "guild", before: { timezone: "Asia/Tokyo" }, after: { timezone: "America/New_York" } });
    expect((await undo(event!.id)).status).toBe(200);
    expect(await entity()).toMatchObject({ timezone: "Asia/Tokyo" });
  });

  it("still reverts changes recorded before the guild had a time zone, without touching it", async () => {
    const since = await lastAuditId(ada, guild);
    await ok(await patch({ activePrefix: "tz!" }));
    const [event] = await auditEventsSince(ada, guild, since);
    // As written before the column existed: the settings view had no timezone key.
    const db = await getDb();
    await db
      .update(auditEvents)
      .set({ before: sql`${auditEvents.before} - 'timezone'`, after: sql`${auditEvents.after} - 'timezone'` })
      .where(eq(auditEvents.id, Number(event!.id)));
    expect((await undo(event!.id)).status).toBe(200);
    expect(await entity()).toMatchObject({ activePrefix: "!", timezone: "Asia/Tokyo" });
  });
});

describe("export and import", () => {
  const exportFrom = async (guildId: string) => (await ok(await call(exportRoute, `/api/guilds/${guildId}/settings-export`, { jar: ada, params: { guildId } }))) as unknown as SettingsFile;
  const importInto = (target: string, file: unknown, apply: boolean) => call(importRoute, "/x", { method: "POST", jar: ada, params: { guildId: target }, body: { file, apply } });

  it("carries the time zone to another guild", async () => {
    await ok(await patch({ timezone: "Europe/Paris" }));
    const file = await exportFrom(guild);
    expect(file.settings).toMatchObject({ timezone: "Europe/Paris" });
    await ok(await importInto(other, file, true));
    expect(await entity(other)).toMatchObject({ timezone: "Europe/Paris" });
    // A file from before the setting existed leaves the zone alone.
    const { timezone: _dropped, ...older } = file.settings;
    await ok(await patch({ timezone: "UTC" }, undefined, other));
    await ok(await importInto(other, { ...file, settings: older }, true));
    expect(await entity(other)).toMatchObject({ timezone: "UTC" });
  });

  it("refuses a file whose time zone this server does not know", async () => {
    const file = await exportFrom(guild);
    const response = await importInto(other, { ...file, settings: { ...file.settings, timezone: "Mars/Olympus_Mons" } }, false);
    expect(response.status).toBe(400);
    expect(await readBody(response)).toMatchObject({ code: "invalid_settings_file" });
  });

  it("leaves out giveaways that have ended and imports the rest", async () => {
    const { channel } = await guildRefs(guild);
    const future = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const file = await exportFrom(guild);
    const giveaway = (prize: string, ends_at: string) => ({ prize, winners: 1, ends_at, channel_id: channel, required_role_ids: [] });
    const withGiveaways = { ...file, channels: { ...file.channels }, collections: { "giveaways/giveaways": [giveaway("Ended", "2020-01-01T00:00:00.000Z"), giveaway("Coming", future)] } };
    const body = await ok(await importInto(other, withGiveaways, false));
    expect((body.plan as { skipped: unknown }).skipped).toEqual([{ collection: "giveaways/giveaways", title: "Ended", reason: "ended" }]);
    expect((body.plan as { plugins: unknown[] }).plugins).toContainEqual(expect.objectContaining({ id: "giveaways", collections: [expect.objectContaining({ name: "giveaways", added: 1 })] }));
  });
});

describe("date-times and zones in plugin settings", () => {
  it("refuses a giveaway that ends in the past or at a time that is not ISO 8601, and keeps UTC as sent", async () => {
    const { channel } = await guildRefs(guild);
    const create = (ends_at: unknown) => pluginCall(ada, "POST", `/giveaways/guilds/${guild}/giveaways`, { body: { prize: "Nitro", winners: 1, ends_at, channel_id: channel } });
    const past = await readBody(await create(new Date(Date.now() - 60_000).toISOString()));
    expect(isEnvelope(past, 400) && past.fields).toEqual([fieldIssue("ends_at", PAST_MESSAGE)]);
    for (const bad of ["2030-12-24 18:00", "2030-12-24T18:00:00", "tomorrow", "", null]) {
      const body = await readBody(await create(bad));
      expect(isEnvelope(body, 400) && body.fields?.map((field) => field.path)).toEqual(["ends_at"]);
    }
    const created = await ok(await create("2030-12-24T18:00:00.000Z"), 201);
    expect(created.ends_at).toBe("2030-12-24T18:00:00.000Z");
  });

  it("accepts a birthday time zone the server knows and refuses others", async () => {
    expect((await pluginCall(ada, "PATCH", `/birthdays/config/${guild}`, { body: { timezone: "Asia/Kathmandu" } })).status).toBe(200);
    const refused = await readBody(await pluginCall(ada, "PATCH", `/birthdays/config/${guild}`, { body: { timezone: "Atlantis/Capital" } }));
    expect(isEnvelope(refused, 400) && refused.fields).toEqual([fieldIssue("timezone", UNKNOWN_ZONE_MESSAGE)]);
  });
});
