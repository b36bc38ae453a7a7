/** @jest-environment node */
import { and, eq, inArray, sql } from "drizzle-orm";
import { GET as myStandingRoute } from "@/app/api/plugins/levels/guilds/[guildId]/leaderboard/me/route";
import { GUILD_IDS, USER_IDS } from "@/emulators/platform/data/ids";
import { getDb } from "@/lib/db/client";
import { memberLevels } from "@/lib/db/schema";
import { getEnv } from "@/lib/env";
import { leaderboardPageParam, leaderboardQuery, loadLeaderboard } from "@/lib/levels/leaderboard-data";
import { leaderboardPage, memberStanding, rankedMembers, searchQuery, searchStandings } from "@/lib/levels/standings";
import { auditEventsSince, isEnvelope, lastAuditId, pluginCall, readBody } from "@/test/api";
import { startEmulatorHarness, type EmulatorHarness } from "@/test/emulator-harness";
import { call, type CookieJar } from "@/test/route-client";
import { addScratchGuild, freshSnowflake } from "@/test/scratch-guild";
import { signedInJar } from "@/test/sign-in";

// Levels: where members stand (ordering, pages, search), the public leaderboard's data, the
// leaderboard settings and the XP resets, which must touch only the guild or member named.

let harness: EmulatorHarness;
let ada: CookieJar;
let guild: string;
let other: string;

type Seed = { userId: string; xp: number; displayName?: string; avatar?: string | null };

async function seed(guildId: string, rows: Seed[]) {
  const db = await getDb();
  await db.delete(memberLevels).where(eq(memberLevels.guildId, guildId));
  if (rows.length === 0) return;
  await db.insert(memberLevels).values(
    rows.map((row) => ({ guildId, userId: row.userId, xp: row.xp, messages: Math.floor(row.xp / 20), displayName: row.displayName ?? `Member ${row.userId.slice(-4)}`, username: `user${row.userId.slice(-4)}`, avatar: row.avatar ?? null })),
  );
}

async function xpOf(guildId: string, userIds: string[]): Promise<Record<string, number>> {
  const db = await getDb();
  const rows = await db.select().from(memberLevels).where(and(eq(memberLevels.guildId, guildId), inArray(memberLevels.userId, userIds)));
  return Object.fromEntries(rows.map((row) => [row.userId, row.xp]));
}

const ids = (count: number) => Array.from({ length: count }, () => freshSnowflake()).sort();

beforeAll(async () => {
  harness = await startEmulatorHarness();
  guild = addScratchGuild(harness, "workshop", "Levels Workshop");
  other = addScratchGuild(harness, "workshop", "Levels Elsewhere");
  ada = await signedInJar(harness);
});
afterAll(() => harness.stop());

describe("standings", () => {
  it("orders by XP, then by user id on ties, and pages without gaps or repeats", async () => {
    const [a, b, c, d, e] = ids(5) as [string, string, string, string, string];
    await seed(guild, [
      { userId: e, xp: 500 },
      { userId: c, xp: 900 },
      { userId: a, xp: 500 },
      { userId: d, xp: 100 },
      { userId: b, xp: 500 },
    ]);
    const db = await getDb();
    expect(await rankedMembers(db, guild)).toBe(5);
    const first = await leaderboardPage(db, guild, 1, 2);
    const second = await leaderboardPage(db, guild, 2, 2);
    const third = await leaderboardPage(db, guild, 3, 2);
    expect([...first, ...second, ...third].map((row) => [row.rank, row.userId])).toEqual([
      [1, c],
      [2, a],
      [3, b],
      [4, e],
      [5, d],
    ]);
    expect(third).toHaveLength(1);
    expect(await leaderboardPage(db, guild, 4, 2)).toEqual([]);
    expect((await memberStanding(db, guild, b))?.rank).toBe(3);
    expect(await memberStanding(db, guild, freshSnowflake())).toBeNull();
  });

  it("finds names from any part of them, whatever the case and accents, with % and _ taken literally", async () => {
    const [a, b, c, d, e, f, g, h, i] = ids(9) as [string, string, string, string, string, string, string, string, string];
    await seed(guild, [
      { userId: a, xp: 900, displayName: "Tiny Byte" },
      { userId: b, xp: 800, displayName: "BYTEMASTER" },
      { userId: c, xp: 700, displayName: "José" },
      { userId: d, xp: 600, displayName: "Straße" },
      { userId: e, xp: 500, displayName: "50% Luck" },
      { userId: f, xp: 400, displayName: "50 Shades" },
      { userId: g, xp: 300, displayName: "snake_case" },
      { userId: h, xp: 200, displayName: "snakeXcase" },
      { userId: i, xp: 100, displayName: "Banjo" },
    ]);
    const db = await getDb();
    const found = async (query: string) => (await searchStandings(db, guild, query)).map((row) => row.userId);
    expect(await found("byte")).toEqual([a, b]);
    expect(await found("jose")).toEqual([c]);
    expect(await found("JOSÉ")).toEqual([c]);
    expect(await found("strasse")).toEqual([d]);
    expect(await found("0% l")).toEqual([e]);
    expect(await found("e_c")).toEqual([g]);
    expect((await searchStandings(db, guild, "case")).map((row) => [row.rank, row.userId])).toEqual([
      [7, g],
      [8, h],
    ]);
    // Shorter than a trigram: names starting with it.
    expect(await found("jo")).toEqual([c]);
    expect(await found("50")).toEqual([e, f]);
    expect(await searchStandings(db, guild, "  ")).toEqual([]);
  });

  it("searches 100,000 members on the name indexes, never by reading the guild's rows", async () => {
    const big = freshSnowflake();
    const db = await getDb();
    // Written by the database itself: 100 inserts of 1,000 rows would cost seconds more.
    await db.execute(sql`
      insert into member_levels (guild_id, user_id, xp, messages, display_name, username)
      select ${big}, (200000000000000000 + n)::text, (n * 7919) % 100000, 0, 'Member ' || to_hex(n), 'member' || n from generate_series(0, 99999) as n`);
    await db.execute(sql`analyze member_levels`);
    const plan = async (query: string) => {
      const result = await db.execute(sql`explain ${searchQuery(db, big, query)}`);
      return (result as unknown as { rows: Array<Record<string, string>> }).rows.map((row) => Object.values(row)[0]).join("\n");
    };
    expect(await plan("zzqx")).toContain("member_levels_name_trgm_idx");
    expect(await plan("zq")).toContain("member_levels_name_prefix_idx");
    for (const query of ["zzqx", "zq", "member 1a"]) expect(await plan(query)).not.toMatch(/Seq Scan|Bitmap Index Scan on member_levels_pkey/);
    await db.delete(memberLevels).where(eq(memberLevels.guildId, big));
  });
});

const FIRST = { page: 1 };

describe("public leaderboard data", () => {
  const enable = (guildId: string, body: Record<string, unknown>) => pluginCall(ada, "PATCH", `/levels/config/${guildId}`, { body });

  it("is a 404 (null) while Levels is off or the leaderboard private", async () => {
    const db = await getDb();
    await seed(other, [{ userId: freshSnowflake(), xp: 10 }]);
    expect(await loadLeaderboard(db, other, FIRST)).toBeNull();
    expect((await enable(other, { enabled: true, leaderboard_public: false })).status).toBe(200);
    expect(await loadLeaderboard(db, other, FIRST)).toBeNull();
    expect((await enable(other, { leaderboard_public: true })).status).toBe(200);
    expect(await loadLeaderboard(db, other, FIRST)).toMatchObject({ guild: { id: other, name: "Levels Elsewhere" }, total: 1 });
  });

  it("pages by 100 with CDN avatars (the default one when none), refuses pages past the last and malformed queries", async () => {
    expect((await enable(guild, { enabled: true, leaderboard_public: true, leaderboard_show_avatars: true })).status).toBe(200);
    const members = ids(150);
    await seed(
      guild,
      members.map((userId, index) => ({ userId, xp: 10_000 - index, avatar: index === 0 ? "abcdef0123456789abcdef0123456789" : null, displayName: index === 120 ? "Zed_Unique" : `Member ${index}` })),
    );
    const db = await getDb();
    const first = await loadLeaderboard(db, guild, FIRST);
    expect(first).toMatchObject({ page: 1, pageCount: 2, total: 150, query: "", showAvatars: true });
    expect(first!.rows).toHaveLength(100);
    const cdn = getEnv().DISCORD_CDN_URL;
    expect(first!.rows[0]!.avatarUrl).toBe(`${cdn}/avatars/${members[0]}/abcdef0123456789abcdef0123456789.png?size=64`);
    expect(first!.rows[1]!.avatarUrl).toMatch(new RegExp(`^${cdn}/embed/avatars/[0-5]\\.png$`));
    expect(first!.rows[1]).toMatchObject({ rank: 2, xp: 9_999, level: expect.any(Number), into: expect.any(Number), needed: expect.any(Number) });

    const second = await loadLeaderboard(db, guild, { page: 2 });
    expect(second!.rows.map((row) => row.rank)).toEqual(Array.from({ length: 50 }, (_, index) => 101 + index));
    expect(await loadLeaderboard(db, guild, { page: 3 })).toBeNull();
    // Page numbers in the address: 2 and up (1 is the plain address), digits only.
    expect(leaderboardPageParam.safeParse("2")).toMatchObject({ success: true, data: 2 });
    for (const page of ["1", "0", "-1", "1.5", "abc", "02", "99999999"]) expect(leaderboardPageParam.safeParse(page).success).toBe(false);
    expect(leaderboardQuery.safeParse({ q: "x".repeat(101) }).success).toBe(false);
    expect(leaderboardQuery.safeParse({ q: ["ada", "zed"] }).success).toBe(false);
    expect(leaderboardQuery.safeParse({ q: "ada", utm_source: "x" })).toMatchObject({ success: true, data: { q: "ada" } });
    expect(await loadLeaderboard(db, "not-a-guild", FIRST)).toBeNull();

    const found = await loadLeaderboard(db, guild, { query: " zed_" });
    expect(found).toMatchObject({ query: "zed_", page: 1 });
    expect(found!.rows.map((row) => [row.rank, row.displayName])).toEqual([[121, "Zed_Unique"]]);

    expect((await pluginCall(ada, "PATCH", `/levels/leaderboard/${guild}/config`, { body: { show_avatars: false } })).status).toBe(200);
    const bare = await loadLeaderboard(db, guild, FIRST);
    expect(bare!.showAvatars).toBe(false);
    expect(bare!.rows.every((row) => row.avatarUrl === null)).toBe(true);
  });
});

describe("leaderboard settings", () => {
  it("reads and writes public and show_avatars in the plugin config, audited, with validation errors in the envelope", async () => {
    const read = await pluginCall(ada, "GET", `/levels/leaderboard/${other}/config`);
    expect(read.status).toBe(200);
    const before = (await read.json()) as { public: boolean; show_avatars: boolean; version: number };
    expect(read.headers.get("etag")).toBe(`"${before.version}"`);

    const since = await lastAuditId(ada, other);
    const saved = await pluginCall(ada, "PATCH", `/levels/leaderboard/${other}/config`, { body: { public: !before.public }, headers: { "if-match": `"${before.version}"` } });
    expect(await saved.json()).toEqual({ public: !before.public, show_avatars: before.show_avatars, version: before.version + 1 });
    const config = (await (await pluginCall(ada, "GET", `/levels/config/${other}`)).json()) as { config: Record<string, unknown> };
    expect(config.config.leaderboard_public).toBe(!before.public);
    expect((await auditEventsSince(ada, other, since, "plugin:levels")).length).toBe(1);

    const stale = await pluginCall(ada, "PATCH", `/levels/leaderboard/${other}/config`, { body: { public: before.public }, headers: { "if-match": `"${before.version}"` } });
    expect(stale.status).toBe(412);

    for (const body of [{ public: "yes" }, { shown: true }]) {
      const refused = await pluginCall(ada, "PATCH", `/levels/leaderboard/${other}/config`, { body });
      expect(refused.status).toBe(400);
      const envelope = await readBody(refused);
      expect(isEnvelope(envelope, 400)).toBe(true);
      expect(envelope).toMatchObject({ code: "validation_failed" });
    }
  });
});

describe("XP resets", () => {
  it("resets one member of one guild only, audited; a member without XP is answered, not an error", async () => {
    const [target, neighbour] = ids(2) as [string, string];
    await seed(guild, [
      { userId: target, xp: 4_000 },
      { userId: neighbour, xp: 3_000 },
    ]);
    await seed(other, [{ userId: target, xp: 2_000 }]);
    const since = await lastAuditId(ada, guild);

    const reset = await pluginCall(ada, "POST", `/levels/do-reset/${guild}/player/${target}`);
    expect(await reset.json()).toEqual({ user_id: target, reset: true, xp_before: 4_000 });
    expect(await xpOf(guild, [target, neighbour])).toEqual({ [neighbour]: 3_000 });
    expect(await xpOf(other, [target])).toEqual({ [target]: 2_000 });
    const events = await auditEventsSince(ada, guild, since);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ action: "plugin.update", target: `levels-xp:${target}`, before: { xp: 4_000 }, after: { xp: 0 } });

    const again = await pluginCall(ada, "POST", `/levels/do-reset/${guild}/player/${target}`);
    expect(await again.json()).toEqual({ user_id: target, reset: false, xp_before: 0 });
    expect(await auditEventsSince(ada, guild, since)).toHaveLength(1);

    const bad = await pluginCall(ada, "POST", `/levels/do-reset/${guild}/player/not-a-user`);
    expect(bad.status).toBe(400);
    expect(isEnvelope(await readBody(bad), 400)).toBe(true);
  });

  it("resets every member of one guild only, in one audited step", async () => {
    const members = ids(3);
    await seed(
      guild,
      members.map((userId, index) => ({ userId, xp: 100 * (index + 1) })),
    );
    await seed(other, [{ userId: members[0]!, xp: 700 }]);
    const since = await lastAuditId(ada, guild);
    const reset = await pluginCall(ada, "POST", `/levels/do-reset/${guild}`);
    expect(await reset.json()).toEqual({ members: 3 });
    const db = await getDb();
    expect(await rankedMembers(db, guild)).toBe(0);
    expect(await xpOf(other, [members[0]!])).toEqual({ [members[0]!]: 700 });
    const events = await auditEventsSince(ada, guild, since);
    expect(events.map((event) => [event.target, event.before])).toEqual([["levels-xp", { members: 3 }]]);
  });
});

describe("the signed-in viewer's own row", () => {
  const me = (jar: CookieJar | undefined, guildId: string) => call(myStandingRoute, `/api/plugins/levels/guilds/${guildId}/leaderboard/me`, { jar, params: { guildId } });

  it("answers a signed-in user with their own standing only, and a visitor with 401", async () => {
    const [ahead] = ids(1) as [string];
    await seed(other, [
      { userId: ahead, xp: 5_000 },
      { userId: USER_IDS.ada, xp: 1_000, displayName: "Ada" },
    ]);
    const answer = await me(ada, other);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ standing: { rank: 2, userId: USER_IDS.ada, xp: 1_000, displayName: "Ada" } });

    const none = await me(ada, guild);
    expect(await none.json()).toEqual({ standing: null });

    const anonymous = await me(undefined, other);
    expect(anonymous.status).toBe(401);
    expect(isEnvelope(await readBody(anonymous), 401)).toBe(true);
  });
});

describe("demo data", () => {
  it("gives a fixture guild's members XP and opens its leaderboard, idempotently, keeping an owner's own choice", async () => {
    const { demoLevelRows, enablePublicLevels, insertLevelRows } = await import("@/demo/seed-levels");
    const scratch = addScratchGuild(harness, "workshop", "Demo Workshop");
    const world = harness.emulator.state.world;
    const rows = demoLevelRows(world, scratch);
    expect(rows.length).toBeGreaterThan(5);
    expect(demoLevelRows(world, scratch)).toEqual(rows);
    const db = await getDb();
    for (let round = 0; round < 2; round++) {
      await enablePublicLevels(db, scratch);
      await insertLevelRows(db, rows);
    }
    expect(await rankedMembers(db, scratch)).toBe(rows.length);
    const view = await loadLeaderboard(db, scratch, FIRST);
    expect(view!.rows[0]!.xp).toBe(Math.max(...rows.map((row) => row.xp ?? 0)));
    const member = world.guilds.get(scratch)!.members.get(rows[0]!.userId)!;
    expect(rows[0]!.displayName).toBe(member.nick ?? world.users.get(member.user_id)!.global_name ?? world.users.get(member.user_id)!.username);

    expect((await pluginCall(ada, "PATCH", `/levels/leaderboard/${scratch}/config`, { body: { public: false } })).status).toBe(200);
    await enablePublicLevels(db, scratch);
    expect(await loadLeaderboard(db, scratch, FIRST)).toBeNull();
  });

  it("gives the members of the demo user's servers coins, idempotently, keeping balances changed since", async () => {
    const { demoBalanceRows, seedDemoCoins } = await import("@/demo/seed-economy");
    const world = harness.emulator.state.world;
    const rows = demoBalanceRows(world, GUILD_IDS.workshop);
    expect(rows.length).toBeGreaterThan(5);
    expect(demoBalanceRows(world, GUILD_IDS.workshop)).toEqual(rows);
    const db = await getDb();
    expect(await seedDemoCoins(db, world)).toBeGreaterThan(0);
    const first = rows[0]!;
    expect((await pluginCall(ada, "POST", `/economy/guilds/${GUILD_IDS.workshop}/coin`, { body: { user_id: first.userId, amount: 7 } })).status).toBe(200);
    await seedDemoCoins(db, world);
    const richest = (await (await pluginCall(ada, "GET", `/economy/guilds/${GUILD_IDS.workshop}/richest?limit=50`)).json()) as { members: Array<{ user_id: string; coins: number }> };
    const held = new Map(richest.members.map((member) => [member.user_id, member.coins]));
    expect(held.get(first.userId)).toBe((first.coins ?? 0) + 7);
    expect(richest.members.map((member) => member.coins)).toEqual([...richest.members.map((member) => member.coins)].sort((a, b) => b - a));
  });
});
