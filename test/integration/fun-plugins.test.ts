/** @jest-environment node */
// Economy (give coins, reset, richest), achievements (starter batches, limits, role trophies),
// upcoming birthdays and the blind test's settings, through the plugin API on PGlite and the
// platform emulator.
import { eq } from "drizzle-orm";
import { USER_IDS } from "@/emulators/platform/data/ids";
import { readUpcomingBirthdays } from "@/lib/birthdays/upcoming";
import { getDb } from "@/lib/db/client";
import { economyBalances, memberBirthdays, memberLevels } from "@/lib/db/schema";
import { resetEnvCache } from "@/lib/env";
import { LOCALE_HEADER } from "@/lib/http/api-locale";
import { demoBirthdays, seedDemoBirthdays } from "@/demo/seed-birthdays";
import { auditEventsSince, lastAuditId, pluginCall, readBody, type Envelope } from "@/test/api";
import { startEmulatorHarness, type EmulatorHarness } from "@/test/emulator-harness";
import { guildRefs } from "@/test/guild-harness";
import type { CookieJar } from "@/test/route-client";
import { addScratchGuild, freshSnowflake, setBuffs } from "@/test/scratch-guild";
import { signedInJar } from "@/test/sign-in";

type Json = Record<string, unknown>;
let harness: EmulatorHarness;
let ada: CookieJar;

beforeAll(async () => {
  process.env.RATE_LIMIT_WRITES_PER_MINUTE = "100000";
  process.env.RATE_LIMIT_READS_PER_MINUTE = "100000";
  resetEnvCache();
  harness = await startEmulatorHarness();
  resetEnvCache();
  ada = await signedInJar(harness);
});
afterAll(() => harness.stop());

async function ok(response: Response, status = 200): Promise<Json> {
  const body = await readBody(response);
  if (response.status !== status) throw new Error(`expected ${status}, got ${response.status}: ${JSON.stringify(body)}`);
  return body as Json;
}

describe("economy", () => {
  let guild: string;
  let other: string;
  beforeAll(() => {
    guild = addScratchGuild(harness, "workshop", "Coins");
    other = addScratchGuild(harness, "workshop", "Other coins");
  });
  const give = (userId: string, amount: number, id = guild) => pluginCall(ada, "POST", `/economy/guilds/${id}/coin`, { body: { user_id: userId, amount } });
  const richest = async (query = "", id = guild) => (await ok(await pluginCall(ada, "GET", `/economy/guilds/${id}/richest${query}`))).members as Json[];

  it("gives coins to a member, takes them back without going below zero, and audits each change", async () => {
    const since = await lastAuditId(ada, guild);
    expect(await ok(await give(USER_IDS.bjorn, 250))).toEqual({ user_id: USER_IDS.bjorn, coins: 250 });
    expect(await ok(await give(USER_IDS.bjorn, -100))).toEqual({ user_id: USER_IDS.bjorn, coins: 150 });
    expect(await ok(await give(USER_IDS.bjorn, -1000))).toEqual({ user_id: USER_IDS.bjorn, coins: 0 });
    const events = await auditEventsSince(ada, guild, since, `economy-balance:${USER_IDS.bjorn}`);
    // Newest first.
    expect(events.map((event) => [event.before, event.after])).toEqual([
      [{ coins: 150 }, { coins: 0 }],
      [{ coins: 250 }, { coins: 150 }],
      [{ coins: 0 }, { coins: 250 }],
    ]);
  });

  it("stops a balance at the most a member may hold", async () => {
    const db = await getDb();
    const most = 1_000_000_000_000;
    await db.insert(economyBalances).values({ guildId: other, userId: USER_IDS.sam, coins: most - 5 });
    expect(await ok(await give(USER_IDS.sam, 100, other))).toEqual({ user_id: USER_IDS.sam, coins: most });
    await db.delete(economyBalances).where(eq(economyBalances.guildId, other));
  });

  it("refuses someone who is not a member of the server, and an amount out of range, writing nothing", async () => {
    const stranger = freshSnowflake();
    const refused = await give(stranger, 10);
    expect(refused.status).toBe(400);
    expect(((await readBody(refused)) as Envelope).fields?.map((field) => [field.path, field.code])).toEqual([["user_id", "not_a_member"]]);
    expect((await give(USER_IDS.chen, 1_000_000_001)).status).toBe(400);
    const db = await getDb();
    const rows = await db.select().from(economyBalances).where(eq(economyBalances.guildId, guild));
    expect(rows.map((row) => row.userId)).not.toContain(stranger);
    expect(rows.map((row) => row.userId)).not.toContain(USER_IDS.chen);
  });

  it("lists the richest members first, ties by id, named from Levels first and the platform otherwise", async () => {
    const db = await getDb();
    await db.insert(memberLevels).values({ guildId: guild, userId: USER_IDS.dani, xp: 10, displayName: "Dani from Levels", username: "dani" });
    for (const [user, amount] of [[USER_IDS.chen, 900], [USER_IDS.dani, 400], [USER_IDS.sam, 400], [USER_IDS.ada, 1200]] as const) await ok(await give(user, amount));
    const list = await richest();
    // Bjorn holds 0 coins: not on the list.
    const tied = [USER_IDS.dani, USER_IDS.sam].sort();
    expect(list.map((row) => [row.rank, row.user_id, row.coins])).toEqual([
      [1, USER_IDS.ada, 1200],
      [2, USER_IDS.chen, 900],
      [3, tied[0], 400],
      [4, tied[1], 400],
    ]);
    const names = Object.fromEntries(list.map((row) => [row.user_id, row.name]));
    expect(names[USER_IDS.dani]).toBe("Dani from Levels");
    expect(names[USER_IDS.chen]).toBe("Chen (maintainer)");
    expect((await richest("?limit=2")).map((row) => row.user_id)).toEqual([USER_IDS.ada, USER_IDS.chen]);
    expect((await pluginCall(ada, "GET", `/economy/guilds/${guild}/richest?limit=51`)).status).toBe(400);
  });

  it("resets every balance of this server only", async () => {
    await ok(await give(USER_IDS.chen, 75, other));
    const reset = await pluginCall(ada, "DELETE", `/economy/guilds/${guild}/coins`);
    expect(reset.status).toBe(204);
    expect(await richest()).toEqual([]);
    expect((await richest("", other)).map((row) => [row.user_id, row.coins])).toEqual([[USER_IDS.chen, 75]]);
  });
});

describe("achievements", () => {
  let guild: string;
  let role: string;
  beforeAll(async () => {
    guild = addScratchGuild(harness, "workshop", "Trophies");
    role = (await guildRefs(guild)).role;
  });
  const trophy = (name: string) => ({ name, condition: "messages_sent", threshold: 10 });
  const batch = (count: number, prefix: string) => pluginCall(ada, "POST", `/achievements/guilds/${guild}/trophies/batch-create`, { body: { trophies: Array.from({ length: count }, (_, n) => trophy(`${prefix} ${n}`)) } });
  const limits = async () => ok(await pluginCall(ada, "GET", `/achievements/guilds/${guild}/trophies/limits`));

  it("reports what is used against the free and premium limits", async () => {
    expect(await limits()).toEqual({ used: 0, max: 10, free: 10, premium: 100 });
    const created = await ok(await batch(3, "Starter"), 201);
    expect((created.items as Json[]).map((item) => item.name)).toEqual(["Starter 0", "Starter 1", "Starter 2"]);
    expect(await limits()).toEqual({ used: 3, max: 10, free: 10, premium: 100 });
  });

  it("creates a batch whole or not at all at the limit", async () => {
    const refused = await batch(8, "Too many");
    expect(refused.status).toBe(403);
    expect(await readBody(refused)).toMatchObject({ code: "premium_limit_reached" });
    expect(await limits()).toMatchObject({ used: 3 });
    // One bad trophy refuses its whole batch too.
    const invalid = await pluginCall(ada, "POST", `/achievements/guilds/${guild}/trophies/batch-create`, { body: { trophies: [trophy("Fine"), { ...trophy("Broken"), threshold: 0 }] } });
    expect(invalid.status).toBe(400);
    expect(await limits()).toMatchObject({ used: 3 });
    await ok(await batch(7, "Exactly"), 201);
    expect(await limits()).toMatchObject({ used: 10, max: 10 });
  });

  it("raises the limit for a premium server", async () => {
    await setBuffs(guild, ["premium"]);
    expect(await limits()).toEqual({ used: 10, max: 100, free: 10, premium: 100 });
    await setBuffs(guild, []);
  });

  it("needs the role a role trophy is earned for", async () => {
    const other = addScratchGuild(harness, "workshop", "Role trophies");
    const path = `/achievements/guilds/${other}/trophies`;
    const missing = await pluginCall(ada, "POST", path, { body: { name: "Helper", condition: "role_held" }, headers: { [LOCALE_HEADER]: "fr" } });
    expect(missing.status).toBe(400);
    expect(((await readBody(missing)) as Envelope).fields).toEqual([
      { path: "required_role_id", code: "needed_for_option", params: { field: "Rôle à avoir", option: "Avoir un rôle" }, message: "Renseignez « Rôle à avoir » pour utiliser « Avoir un rôle »." },
    ]);
    const noThreshold = await pluginCall(ada, "POST", path, { body: { name: "Talker", condition: "messages_sent" } });
    expect(((await readBody(noThreshold)) as Envelope).fields?.map((field) => [field.path, field.code])).toEqual([["threshold", "needed_for_option"]]);
    const otherRole = (await guildRefs(other)).role;
    expect((await pluginCall(ada, "POST", path, { body: { name: "Helper", condition: "role_held", required_role_id: otherRole } })).status).toBe(201);
    // Another server's role is not one of this server's.
    expect((await pluginCall(ada, "POST", path, { body: { name: "Foreign", condition: "role_held", required_role_id: role } })).status).toBe(400);
  });
});

describe("upcoming birthdays", () => {
  let guild: string;
  beforeAll(() => {
    guild = addScratchGuild(harness, "workshop", "Birthdays");
  });
  const DAY = 86_400_000;
  const monthDay = (at: number) => ({ month: new Date(at).getUTCMonth() + 1, day: new Date(at).getUTCDate() });

  it("lists birthdays within the window soonest first, named, with ages where the year is known", async () => {
    const db = await getDb();
    const now = Date.now();
    await db.insert(memberBirthdays).values([
      { guildId: guild, userId: USER_IDS.chen, ...monthDay(now + 10 * DAY), year: 1990, timeZone: "UTC" },
      { guildId: guild, userId: USER_IDS.bjorn, ...monthDay(now + 3 * DAY), year: null, timeZone: "UTC" },
      { guildId: guild, userId: USER_IDS.dani, ...monthDay(now + 45 * DAY), year: null, timeZone: "UTC" },
    ]);
    const { birthdays } = await ok(await pluginCall(ada, "GET", `/birthdays/guilds/${guild}/upcoming?days=30`));
    const list = birthdays as Json[];
    expect(list.map((row) => [row.user_id, row.days_until])).toEqual([
      [USER_IDS.bjorn, 3],
      [USER_IDS.chen, 10],
    ]);
    expect(list[1]).toMatchObject({ name: "Chen (maintainer)", time_zone: "UTC", age: new Date(now + 10 * DAY).getUTCFullYear() - 1990 });
    const wider = (await ok(await pluginCall(ada, "GET", `/birthdays/guilds/${guild}/upcoming?days=60`))).birthdays as Json[];
    expect(wider.map((row) => row.user_id)).toEqual([USER_IDS.bjorn, USER_IDS.chen, USER_IDS.dani]);
    expect((await pluginCall(ada, "GET", `/birthdays/guilds/${guild}/upcoming?days=0`)).status).toBe(400);
  });

  it("orders across the new year by each member's own midnight, using the plugin's zone for members without one", async () => {
    const db = await getDb();
    const id = addScratchGuild(harness, "workshop", "New year");
    await db.insert(memberBirthdays).values([
      { guildId: id, userId: "100000000000000001", month: 1, day: 1, year: null, timeZone: "America/New_York" },
      { guildId: id, userId: "100000000000000002", month: 1, day: 1, year: null, timeZone: "Asia/Tokyo" },
      { guildId: id, userId: "100000000000000003", month: 12, day: 19, year: null, timeZone: "UTC" },
      { guildId: id, userId: "100000000000000004", month: 12, day: 24, year: 2000, timeZone: null },
      { guildId: id, userId: "100000000000000005", month: 1, day: 25, year: null, timeZone: "UTC" },
      { guildId: id, userId: "100000000000000006", month: 6, day: 1, year: null, timeZone: "UTC" },
    ]);
    const upcoming = await readUpcomingBirthdays(db, id, "Pacific/Auckland", { now: Date.parse("2026-12-20T10:00:00Z"), days: 30, limit: 25 });
    expect(upcoming.map((entry) => [entry.userId, entry.date, entry.timeZone, new Date(entry.startsAt).toISOString()])).toEqual([
      // Christmas Eve starts in Auckland (UTC+13 in summer) on the 23rd, UTC.
      ["100000000000000004", "2026-12-24", "Pacific/Auckland", "2026-12-23T11:00:00.000Z"],
      ["100000000000000002", "2027-01-01", "Asia/Tokyo", "2026-12-31T15:00:00.000Z"],
      ["100000000000000001", "2027-01-01", "America/New_York", "2027-01-01T05:00:00.000Z"],
    ]);
    expect(upcoming[0]!.age).toBe(26);
  });

  it("celebrates 29 February on the 28th outside leap years", async () => {
    const db = await getDb();
    const id = addScratchGuild(harness, "workshop", "Leap");
    await db.insert(memberBirthdays).values([
      { guildId: id, userId: "100000000000000011", month: 2, day: 29, year: 2004, timeZone: "Europe/Paris" },
      { guildId: id, userId: "100000000000000012", month: 3, day: 1, year: null, timeZone: "Europe/Paris" },
    ]);
    const upcoming = await readUpcomingBirthdays(db, id, "UTC", { now: Date.parse("2027-02-25T12:00:00Z"), days: 5, limit: 25 });
    expect(upcoming.map((entry) => [entry.userId, entry.date, entry.daysUntil, entry.age])).toEqual([
      ["100000000000000011", "2027-02-28", 3, 23],
      ["100000000000000012", "2027-03-01", 4, null],
    ]);
    const leapYear = await readUpcomingBirthdays(db, id, "UTC", { now: Date.parse("2028-02-25T12:00:00Z"), days: 5, limit: 25 });
    expect(leapYear.map((entry) => entry.date)).toEqual(["2028-02-29", "2028-03-01"]);
  });

  it("seeds demo birthdays for the emulator's guilds once, leaving rows that exist alone", async () => {
    const db = await getDb();
    const now = Date.now();
    const rows = demoBirthdays(now);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((row) => row.userId)).not.toContain(USER_IDS.bot);
    await seedDemoBirthdays(db, now);
    // A second start adds nothing, even days later.
    expect(await seedDemoBirthdays(db, now + 5 * DAY)).toBe(0);
  });
});

describe("blind test settings", () => {
  let guild: string;
  beforeAll(async () => {
    guild = addScratchGuild(harness, "workshop", "Blind test");
    await setBuffs(guild, ["premium"]);
  });
  const patch = (body: Json) => pluginCall(ada, "PATCH", `/blindtest/config/${guild}`, { body, headers: { [LOCALE_HEADER]: "de" } });

  it("refuses a link that is not a Spotify, Deezer or YouTube playlist, in the caller's language", async () => {
    const refused = await patch({ custom_playlist_url: "https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC" });
    expect(refused.status).toBe(400);
    expect(((await readBody(refused)) as Envelope).fields).toEqual([
      { path: "custom_playlist_url", code: "invalid_playlist_url", message: "Gib einen Link zu einer Spotify-, Deezer- oder YouTube-Playlist ein." },
    ]);
    expect(await ok(await patch({ custom_playlist_url: "https://www.youtube.com/playlist?list=PLFgquLnL59alCl_2TQvOiD5Vgm1hCaGSI", rounds: 20, guess_seconds: 45 }))).toMatchObject({ config: { rounds: 20, guess_seconds: 45 } });
    expect((await patch({ rounds: 51 })).status).toBe(400);
  });

  it("is not turned on without its game channel", async () => {
    const refused = await patch({ enabled: true });
    expect(refused.status).toBe(400);
    expect(((await readBody(refused)) as Envelope).fields?.map((field) => [field.path, field.code])).toEqual([["game_channel_id", "needed_to_run"]]);
    const { channel } = await guildRefs(guild);
    expect(await ok(await patch({ enabled: true, game_channel_id: channel }))).toMatchObject({ enabled: true });
  });
});
