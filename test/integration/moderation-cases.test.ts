/** @jest-environment node */
// Moderation from the dashboard: every act is made on the platform (the emulator's bans,
// members and audit log show it) and makes one case and one audit row; what the bot or the
// moderator may not do is refused, translated, with nothing changed; cases page by keyset,
// stay consistent under concurrent edits, export to CSV, and list the guild's bans and mutes.
import { PermissionFlagsBits } from "discord-api-types/v10";
import { GET as getGuild } from "@/app/api/guilds/[guildId]/route";
import { and, eq } from "drizzle-orm";
import { USER_IDS } from "@/emulators/platform/data/ids";
import { BOT_USER_ID } from "@/emulators/platform/state";
import { getDb } from "@/lib/db/client";
import { auditEvents, moderationCases } from "@/lib/db/schema";
import type { CaseView } from "@/lib/moderation/cases";
import { importPlatformCases } from "@/lib/moderation/platform-import";
import { getQueue } from "@/lib/jobs/queue";
import { pluginCall, readBody, type Envelope } from "@/test/api";
import { startEmulatorHarness, type EmulatorHarness } from "@/test/emulator-harness";
import { call, type CookieJar } from "@/test/route-client";
import { addScratchGuild, grantBot } from "@/test/scratch-guild";
import { signedInJar } from "@/test/sign-in";

let harness: EmulatorHarness;
let ada: CookieJar;

beforeAll(async () => {
  harness = await startEmulatorHarness();
  ada = await signedInJar(harness);
}, 60_000);
afterAll(() => harness.stop());

const MODERATION = PermissionFlagsBits.BanMembers | PermissionFlagsBits.KickMembers | PermissionFlagsBits.ModerateMembers;

/** A copy of Ada's workshop where the bot may moderate; `permissions` false leaves it the invite's. */
function moderatedGuild(permissions = true): string {
  const guild = addScratchGuild(harness, "workshop", "Moderated");
  if (permissions) grantBot(harness, guild, MODERATION);
  return guild;
}

type ActAnswer = { infraction: CaseView; escalation: { case: CaseView } | { refused: string } | null; notice: string | null };

async function act(guild: string, body: Record<string, unknown>, locale?: string) {
  const response = await pluginCall(ada, "POST", `/moderator/guilds/${guild}/infractions`, { body, ...(locale ? { headers: { "x-guildhall-locale": locale } } : {}) });
  return { status: response.status, body: (await readBody(response)) as ActAnswer & Envelope };
}

async function cases(guild: string, query = ""): Promise<{ infractions: CaseView[]; next_cursor: string | null }> {
  const response = await pluginCall(ada, "GET", `/moderator/guilds/${guild}/infractions${query}`);
  expect(response.status).toBe(200);
  return (await readBody(response)) as { infractions: CaseView[]; next_cursor: string | null };
}

const auditRows = async (guild: string) => (await getDb()).select().from(auditEvents).where(and(eq(auditEvents.guildId, guild), eq(auditEvents.pluginId, "moderator")));
const emulatorGuild = (guild: string) => harness.emulator.state.guild(guild)!;

describe("acts", () => {
  it("warn, timeout, remove the timeout, kick, ban, unban and softban each act on the platform and make one case and one audit row", async () => {
    const guild = moderatedGuild();
    const sam = USER_IDS.sam;
    expect((await act(guild, { type: "warn", user_id: sam, reason: "Be nice" })).body.infraction).toMatchObject({ id: 1, type: "warn", target: { id: sam }, moderator: { kind: "dashboard", id: USER_IDS.ada }, reason: "Be nice", source: "dashboard" });

    const timedOut = await act(guild, { type: "timeout", user_id: sam, reason: "Cool down", duration_minutes: 30 });
    expect(timedOut.status).toBe(201);
    expect(timedOut.body.infraction).toMatchObject({ id: 2, type: "timeout", duration_seconds: 1800 });
    const until = Date.parse(emulatorGuild(guild).members.get(sam)!.communication_disabled_until!);
    expect(until - Date.now()).toBeGreaterThan(29 * 60_000);

    expect((await act(guild, { type: "timeout_removed", user_id: sam })).status).toBe(201);
    expect(emulatorGuild(guild).members.get(sam)!.communication_disabled_until).toBeNull();

    expect((await act(guild, { type: "kick", user_id: sam, reason: "Out" })).status).toBe(201);
    expect(emulatorGuild(guild).members.has(sam)).toBe(false);

    expect((await act(guild, { type: "ban", user_id: sam, reason: "Raid", delete_message_seconds: 3600 })).status).toBe(201);
    expect(harness.emulator.state.bansOf(guild).get(sam)?.reason).toMatch(/^Raid \(by \d+ via Guildhall\)$/);
    expect((await act(guild, { type: "unban", user_id: sam, reason: "Appeal" })).status).toBe(201);
    expect(harness.emulator.state.bansOf(guild).has(sam)).toBe(false);

    const bjorn = USER_IDS.bjorn;
    expect((await act(guild, { type: "softban", user_id: bjorn, reason: "Spam" })).status).toBe(201);
    expect(harness.emulator.state.bansOf(guild).has(bjorn)).toBe(false);
    expect(emulatorGuild(guild).members.has(bjorn)).toBe(false);

    const listed = await cases(guild);
    expect(listed.infractions.map((item) => [item.id, item.type])).toEqual([
      [7, "softban"],
      [6, "unban"],
      [5, "ban"],
      [4, "kick"],
      [3, "timeout_removed"],
      [2, "timeout"],
      [1, "warn"],
    ]);
    const rows = await auditRows(guild);
    expect(rows.map((row) => [row.action, row.target]).sort()).toEqual([1, 2, 3, 4, 5, 6, 7].map((n) => ["moderation.case", `moderation-case:${n}`]).sort());
    // The platform's audit log names the act as the bot's, with the moderator in the reason.
    expect(harness.emulator.state.auditLogOf(guild).every((entry) => entry.user_id === BOT_USER_ID)).toBe(true);
  });

  it("refuses, in the caller's language and changing nothing: the owner, a member above the bot, a bot without the permission", async () => {
    const guild = moderatedGuild(false);
    const refusals = [
      [{ type: "ban", user_id: USER_IDS.ada }, "mod_target_owner"],
      [{ type: "ban", user_id: USER_IDS.sam }, "mod_bot_cannot_ban"],
      [{ type: "kick", user_id: USER_IDS.sam }, "mod_bot_cannot_kick"],
      [{ type: "timeout", user_id: USER_IDS.sam }, "mod_bot_cannot_timeout"],
      [{ type: "warn", user_id: BOT_USER_ID }, "mod_target_bot"],
      [{ type: "warn", user_id: USER_IDS.emre }, "not_a_member"],
    ] as const;
    for (const [body, code] of refusals) {
      const answer = await act(guild, body, "fr");
      expect({ code, status: answer.status, body: answer.body }).toMatchObject({ code, status: 403, body: { code, fields: [{ path: "user_id", code }] } });
    }
    expect((await act(guild, { type: "ban", user_id: USER_IDS.ada }, "fr")).body.message).toBe("Personne ne peut agir sur le propriétaire du serveur.");

    grantBot(harness, guild, MODERATION);
    // Chen is a Maintainer, above the bot's role.
    expect((await act(guild, { type: "ban", user_id: USER_IDS.chen })).body).toMatchObject({ code: "mod_target_above_bot" });
    expect((await act(guild, { type: "unban", user_id: USER_IDS.sam })).body).toMatchObject({ code: "mod_not_banned" });

    expect((await cases(guild)).infractions).toEqual([]);
    expect(await auditRows(guild)).toEqual([]);
    expect(harness.emulator.state.bansOf(guild).size).toBe(0);
    expect(harness.emulator.state.auditLogOf(guild)).toEqual([]);
  });

  it("an idempotency key sent twice makes one case and one act", async () => {
    const guild = moderatedGuild();
    const body = { type: "ban", user_id: USER_IDS.sam, reason: "Once", idempotency_key: "ban-sam-once-1" };
    const first = await act(guild, body);
    const second = await act(guild, body);
    expect(second.body.infraction.id).toBe(first.body.infraction.id);
    expect((await cases(guild)).infractions).toHaveLength(1);
    expect(harness.emulator.state.auditLogOf(guild)).toHaveLength(1);
  });

  it("warnings escalate at the plugin's thresholds: a timeout at the second, a ban at the third", async () => {
    const guild = moderatedGuild();
    expect((await pluginCall(ada, "PATCH", `/moderator/config/${guild}`, { body: { enabled: true, mute_after_warnings: 2, ban_after_warnings: 3, default_mute_minutes: 15, dm_on_infraction: false } })).status).toBe(200);
    expect((await act(guild, { type: "warn", user_id: USER_IDS.sam })).body.escalation).toBeNull();
    const second = await act(guild, { type: "warn", user_id: USER_IDS.sam });
    expect(second.body.escalation).toMatchObject({ case: { type: "timeout", duration_seconds: 900, moderator: { kind: "bot" }, related_case_id: second.body.infraction.id, source: "bot" } });
    expect(emulatorGuild(guild).members.get(USER_IDS.sam)!.communication_disabled_until).not.toBeNull();
    const third = await act(guild, { type: "warn", user_id: USER_IDS.sam });
    expect(third.body.escalation).toMatchObject({ case: { type: "ban", reason: "Reached 3 warnings." } });
    expect(harness.emulator.state.bansOf(guild).has(USER_IDS.sam)).toBe(true);
  });

  it("DMs the member when the plugin says so, in the guild's language; a member who refuses DMs is noted, not an error", async () => {
    const guild = moderatedGuild();
    expect((await pluginCall(ada, "PATCH", `/moderator/config/${guild}`, { body: { enabled: true, dm_on_infraction: true } })).status).toBe(200);
    expect((await act(guild, { type: "warn", user_id: USER_IDS.sam, reason: "Language" })).body.notice).toBe("sent");
    const dm = [...harness.emulator.state.dmChannels.values()].find((channel) => channel.recipient_id === USER_IDS.sam)!;
    expect(harness.emulator.state.messages.list(dm.id).at(-1)?.content).toBe("You received a warning in Moderated. Reason: Language");
    harness.emulator.state.closedDms.add(USER_IDS.bjorn);
    const refused = await act(guild, { type: "warn", user_id: USER_IDS.bjorn });
    expect({ status: refused.status, notice: refused.body.notice }).toEqual({ status: 201, notice: "failed" });
    harness.emulator.state.closedDms.delete(USER_IDS.bjorn);
  });
});

describe("cases", () => {
  it("pages newest first by keyset: every case once across pages while cases are added", async () => {
    const guild = moderatedGuild();
    for (let i = 0; i < 7; i++) expect((await act(guild, { type: "note", user_id: USER_IDS.sam, reason: `note ${i}` })).status).toBe(201);
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page = await cases(guild, `?limit=3${cursor ? `&cursor=${cursor}` : ""}`);
      seen.push(...page.infractions.map((item) => item.id));
      // Added while paging: newer than every page, so not repeated nor skipping any older one.
      await act(guild, { type: "note", user_id: USER_IDS.bjorn, reason: "meanwhile" });
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual([7, 6, 5, 4, 3, 2, 1]);
    expect((await cases(guild, `?user_id=${USER_IDS.bjorn}`)).infractions.every((item) => item.target.id === USER_IDS.bjorn)).toBe(true);
    expect((await cases(guild, "?type=warn,ban")).infractions).toEqual([]);
    expect((await pluginCall(ada, "GET", `/moderator/guilds/${guild}/infractions?limit=101`)).status).toBe(400);
    expect((await pluginCall(ada, "GET", `/moderator/guilds/${guild}/infractions?type=nuke`)).status).toBe(400);
  });

  it("edits the reason, pardons and deletes, each audited; a stale version is refused and a pardon and an edit at once keep one consistent case", async () => {
    const guild = moderatedGuild();
    const made = (await act(guild, { type: "note", user_id: USER_IDS.sam, reason: "first" })).body.infraction;
    const path = `/moderator/guilds/${guild}/infractions/${made.id}`;
    const [edit, pardon] = await Promise.all([
      pluginCall(ada, "PATCH", path, { body: { reason: "edited", version: made.version } }),
      pluginCall(ada, "PATCH", path, { body: { pardoned: true, version: made.version } }),
    ]);
    expect([edit.status, pardon.status].sort()).toEqual([200, 412]);
    const [row] = await (await getDb()).select().from(moderationCases).where(and(eq(moderationCases.guildId, guild), eq(moderationCases.number, made.id)));
    expect(row!.version).toBe(2);
    expect(row!.reason === "edited" ? row!.pardonedAt : row!.reason).toBe(row!.reason === "edited" ? null : "first");

    // Whichever of the two won the race, this applies the other (an unchanged field is no change and no audit row).
    const pardoned = (await readBody(await pluginCall(ada, "PATCH", path, { body: { pardoned: true, reason: "edited" } }))) as { infraction: CaseView };
    expect(pardoned.infraction).toMatchObject({ reason: "edited", pardoned: { by: USER_IDS.ada }, version: 3 });
    expect((await cases(guild)).infractions).toEqual([]);
    expect((await cases(guild, "?include_pardoned=true")).infractions.map((item) => item.id)).toEqual([made.id]);
    expect((await pluginCall(ada, "DELETE", path)).status).toBe(204);
    expect((await pluginCall(ada, "GET", path)).status).toBe(404);
    expect((await auditRows(guild)).length).toBe(4);
  });

  it("filters by moderator and by dates (each bound included), the CSV export too", async () => {
    const guild = moderatedGuild();
    expect((await pluginCall(ada, "PATCH", `/moderator/config/${guild}`, { body: { enabled: true, mute_after_warnings: 2, dm_on_infraction: false } })).status).toBe(200);
    await act(guild, { type: "warn", user_id: USER_IDS.sam, reason: "one" });
    // The second warning makes the bot time Sam out: a case of the bot's.
    expect((await act(guild, { type: "warn", user_id: USER_IDS.sam, reason: "two" })).body.escalation).toMatchObject({ case: { id: 3, moderator: { kind: "bot" } } });
    await act(guild, { type: "note", user_id: USER_IDS.bjorn, reason: "three" });
    const days = ["2026-01-10T12:00:00Z", "2026-02-10T12:00:00Z", "2026-02-20T12:00:00Z", "2026-03-10T12:00:00Z"];
    const db = await getDb();
    for (const [index, day] of days.entries()) await db.update(moderationCases).set({ createdAt: new Date(day) }).where(and(eq(moderationCases.guildId, guild), eq(moderationCases.number, index + 1)));

    const ids = async (query: string) => (await cases(guild, query)).infractions.map((item) => item.id);
    expect(await ids(`?moderator_id=${USER_IDS.ada}`)).toEqual([4, 2, 1]);
    expect(await ids(`?from=2026-02-10T12:00:00Z&to=2026-02-20T12:00:00Z`)).toEqual([3, 2]);
    expect(await ids(`?from=2026-02-01T00:00:00Z&moderator_id=${USER_IDS.ada}&limit=1`)).toEqual([4]);
    expect(await ids(`?from=2026-02-01T00:00:00Z&moderator_id=${USER_IDS.ada}&limit=1&cursor=4`)).toEqual([2]);
    expect((await pluginCall(ada, "GET", `/moderator/guilds/${guild}/infractions?from=yesterday`)).status).toBe(400);
    const csv = await (await pluginCall(ada, "GET", `/moderator/guilds/${guild}/infractions/export?moderator_id=${USER_IDS.ada}&to=2026-02-28T00:00:00Z`)).text();
    expect(csv.trim().split("\r\n").slice(1).map((line) => line.split(",")[0])).toEqual(["2", "1"]);
  });

  it("a pardon and an edit at once without a version both land, one after the other (the row lock), each audited", async () => {
    const guild = moderatedGuild();
    const made = (await act(guild, { type: "note", user_id: USER_IDS.sam, reason: "first" })).body.infraction;
    const path = `/moderator/guilds/${guild}/infractions/${made.id}`;
    const answers = await Promise.all([pluginCall(ada, "PATCH", path, { body: { reason: "edited" } }), pluginCall(ada, "PATCH", path, { body: { pardoned: true } })]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const [row] = await (await getDb()).select().from(moderationCases).where(and(eq(moderationCases.guildId, guild), eq(moderationCases.number, made.id)));
    expect({ reason: row!.reason, pardoned: row!.pardonedAt !== null, version: row!.version }).toEqual({ reason: "edited", pardoned: true, version: 3 });
    // Each change is audited from the case as the other left it: the later one's "before" holds the earlier one's change.
    const changes = (await auditRows(guild)).filter((audit) => audit.target === `moderation-case:${made.id}`).map((audit) => [audit.before, audit.after] as Array<CaseView | null>);
    expect(changes).toHaveLength(3);
    expect(changes.slice(1).map(([before]) => before!.version).sort()).toEqual([1, 2]);
  });

  it("exports the cases as CSV, formulas defused", async () => {
    const guild = moderatedGuild();
    await act(guild, { type: "note", user_id: USER_IDS.sam, reason: '=HYPERLINK("x"), "quoted"' });
    const response = await pluginCall(ada, "GET", `/moderator/guilds/${guild}/infractions/export`);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const lines = (await response.text()).split("\r\n");
    expect(lines[0]).toBe("case,type,target_id,target_name,moderator_kind,moderator_id,reason,duration_seconds,expires_at,pardoned_at,related_case,source,created_at");
    expect(lines[1]).toContain(`1,note,${USER_IDS.sam},`);
    expect(lines[1]).toContain(`"'=HYPERLINK(""x""), ""quoted"""`);
  });
});

describe("lists", () => {
  it("bans from the platform with their case; mutes with theirs; a member's history", async () => {
    const guild = moderatedGuild();
    // Read (and kept briefly) while nobody is banned: our own ban drops what was kept.
    expect(((await readBody(await pluginCall(ada, "GET", `/moderator/guilds/${guild}/bans`))) as { bans: unknown[] }).bans).toEqual([]);
    await act(guild, { type: "ban", user_id: USER_IDS.sam, reason: "Raid" });
    // A ban made in the platform's own client is listed too, without a case.
    harness.emulator.state.bansOf(guild).set(USER_IDS.emre, { user_id: USER_IDS.emre, reason: "by hand" });
    await act(guild, { type: "timeout", user_id: USER_IDS.bjorn, duration_minutes: 60, reason: "Calm" });

    const bans = (await readBody(await pluginCall(ada, "GET", `/moderator/guilds/${guild}/bans`))) as { bans: Array<{ user: { id: string }; reason: string; case: CaseView | null }> };
    expect(bans.bans.map((ban) => [ban.user.id, ban.case?.type ?? null]).sort()).toEqual([
      [USER_IDS.emre, null],
      [USER_IDS.sam, "ban"],
    ].sort());
    const one = (await readBody(await pluginCall(ada, "GET", `/moderator/guilds/${guild}/bans?user_id=${USER_IDS.sam}`))) as { bans: unknown[] };
    expect(one.bans).toHaveLength(1);

    const mutes = (await readBody(await pluginCall(ada, "GET", `/moderator/guilds/${guild}/mutes`))) as { mutes: Array<{ user: { id: string }; until: string; case: CaseView }> };
    expect(mutes.mutes.map((mute) => [mute.user.id, mute.case.reason])).toEqual([[USER_IDS.bjorn, "Calm"]]);

    const history = (await readBody(await pluginCall(ada, "GET", `/moderator/guilds/${guild}/members/${USER_IDS.bjorn}/history`))) as { counts: Record<string, number>; timeout_until: string | null; ban: unknown; infractions: CaseView[] };
    expect(history).toMatchObject({ counts: { timeout: 1 }, ban: null, infractions: [{ type: "timeout" }] });
    expect(history.timeout_until).not.toBeNull();
  });
});

describe("acts made in the platform's own client", () => {
  it("become cases once, named as the platform's, with the bot's own acts not counted twice", async () => {
    const guild = moderatedGuild();
    grantBot(harness, guild, PermissionFlagsBits.ViewAuditLog);
    expect((await pluginCall(ada, "PATCH", `/moderator/config/${guild}`, { body: { enabled: true, dm_on_infraction: false } })).status).toBe(200);
    const control = (body: Record<string, unknown>) =>
      fetch(`${harness.emulator.url}/__emulator/guilds/${guild}/moderation`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    await control({ act: "timeout", moderator_id: USER_IDS.dani, user_id: USER_IDS.sam, minutes: 10, reason: "Cool down" });
    await control({ act: "ban", moderator_id: USER_IDS.chen, user_id: USER_IDS.bjorn, reason: "Raid" });
    await act(guild, { type: "kick", user_id: USER_IDS.sam, reason: "From the dashboard" });
    const context = { db: await getDb(), queue: await getQueue(), now: () => new Date() };
    await importPlatformCases(context);
    await importPlatformCases(context);
    const listed = (await cases(guild)).infractions;
    expect(listed.map((item) => [item.type, item.source, item.moderator.kind, item.moderator.id, item.reason])).toEqual([
      ["ban", "platform", "platform", USER_IDS.chen, "Raid"],
      ["timeout", "platform", "platform", USER_IDS.dani, "Cool down"],
      ["kick", "dashboard", "dashboard", USER_IDS.ada, "From the dashboard"],
    ]);
    expect(listed[1]!.duration_seconds).toBeGreaterThanOrEqual(599);
    // Later acts are read from where the last read stopped.
    await control({ act: "unban", moderator_id: USER_IDS.chen, user_id: USER_IDS.bjorn });
    await importPlatformCases(context);
    expect((await cases(guild)).infractions.map((item) => item.type)).toEqual(["unban", "ban", "timeout", "kick"]);
  });
});

describe("lockdown", () => {
  const everyone = (guild: string, name: string) => emulatorGuild(guild).channels.find((channel) => channel.name === name)!.permission_overwrites.find((overwrite) => overwrite.id === guild);
  const channelId = (guild: string, name: string) => emulatorGuild(guild).channels.find((channel) => channel.name === name)!.id;
  const lockdown = async (guild: string, enabled: boolean) => {
    const response = await pluginCall(ada, "PATCH", `/moderator/guilds/${guild}/lockdown`, { body: { enabled } });
    return { status: response.status, body: (await readBody(response)) as { locked: boolean; channels: Array<{ channel_id: string; status: string; error?: string; message_posted?: boolean }> } & Envelope };
  };
  /** The guild entity's `guild_locked_down` (spec 3), as GET /api/guilds/{id} answers it. */
  const lockedDown = async (guild: string) => ((await readBody(await call(getGuild, `/api/guilds/${guild}`, { jar: ada, params: { guildId: guild } }))) as { guild_locked_down: boolean }).guild_locked_down;
  const LOCKDOWN_MESSAGE = "This channel is locked while the moderators sort things out. Please hold on.";
  const VOICE_DENY = PermissionFlagsBits.Connect | PermissionFlagsBits.SendMessages | PermissionFlagsBits.AddReactions;
  const chooseChannels = async (guild: string, names: string[]) => {
    const ids = names.map((name) => channelId(guild, name));
    expect((await pluginCall(ada, "PATCH", `/moderator/config/${guild}`, { body: { enabled: true, lockdown_channel_ids: ids } })).status).toBe(200);
    return ids;
  };
  const said = (guild: string, name: string) => harness.emulator.state.messages.list(channelId(guild, name)).map((message) => message.content);

  it("locks each channel, restores exactly what it had, reports and retries a channel that fails, and changes nothing when asked twice", async () => {
    const guild = moderatedGuild();
    const custom = { id: guild, type: 0 as const, allow: PermissionFlagsBits.AddReactions.toString(), deny: PermissionFlagsBits.EmbedLinks.toString() };
    emulatorGuild(guild).channels.find((channel) => channel.name === "off-topic")!.permission_overwrites.push({ ...custom });
    // The bot may not manage roles in #memes: that channel fails.
    const memes = emulatorGuild(guild).channels.find((channel) => channel.name === "memes")!;
    memes.permission_overwrites.push({ id: BOT_USER_ID, type: 1, allow: "0", deny: PermissionFlagsBits.ManageRoles.toString() });
    const ids = ["general", "off-topic", "memes"].map((name) => channelId(guild, name));
    expect((await pluginCall(ada, "PATCH", `/moderator/config/${guild}`, { body: { enabled: true, lockdown_channel_ids: ids } })).status).toBe(200);

    const locked = await lockdown(guild, true);
    expect(locked.status).toBe(200);
    expect(locked.body.locked).toBe(true);
    expect(locked.body.channels.map((channel) => [channel.channel_id, channel.status, channel.error ?? null])).toEqual([
      [ids[0], "locked", null],
      [ids[1], "locked", null],
      [ids[2], "failed", "missing_permissions"],
    ]);
    expect(BigInt(everyone(guild, "general")!.deny) & PermissionFlagsBits.SendMessages).toBe(PermissionFlagsBits.SendMessages);
    expect(BigInt(everyone(guild, "off-topic")!.deny) & (PermissionFlagsBits.SendMessages | PermissionFlagsBits.EmbedLinks)).toBe(PermissionFlagsBits.SendMessages | PermissionFlagsBits.EmbedLinks);
    expect(BigInt(everyone(guild, "off-topic")!.allow) & PermissionFlagsBits.AddReactions).toBe(0n);
    expect(everyone(guild, "memes")).toBeUndefined();
    expect(harness.emulator.state.messages.list(ids[0]!).at(-1)?.content).toBe("This channel is locked while the moderators sort things out. Please hold on.");
    const guildAnswer = (await readBody(await pluginCall(ada, "GET", `/moderator/guilds/${guild}/lockdown`))) as { locked: boolean };
    expect(guildAnswer.locked).toBe(true);
    expect(await lockedDown(guild)).toBe(true);

    // Twice: nothing changes, no audit row; the failed channel is tried again (and fails again).
    const auditBefore = (await auditRows(guild)).length;
    const again = await lockdown(guild, true);
    expect(again.body.channels).toEqual([{ channel_id: ids[2], status: "failed", error: "missing_permissions" }]);
    expect((await auditRows(guild)).length).toBe(auditBefore);
    expect(harness.emulator.state.messages.list(ids[0]!)).toHaveLength(1);

    memes.permission_overwrites = [];
    expect((await lockdown(guild, true)).body.channels).toEqual([{ channel_id: ids[2], status: "locked", message_posted: true }]);

    const unlocked = await lockdown(guild, false);
    expect(unlocked.body).toMatchObject({ locked: false });
    expect(unlocked.body.channels.map((channel) => channel.status)).toEqual(["unlocked", "unlocked", "unlocked"]);
    expect(everyone(guild, "general")).toBeUndefined();
    expect(everyone(guild, "off-topic")).toEqual(custom);
    expect(everyone(guild, "memes")).toBeUndefined();
    expect((await lockdown(guild, false)).body).toEqual({ locked: false, channels: [] });
    expect(await lockedDown(guild)).toBe(false);
    const rows = (await auditRows(guild)).filter((row) => row.action === "moderation.lockdown");
    expect(rows).toHaveLength(3);
  });

  it("closes voice and stage channels to joining and to their chat, and gives back exactly the overwrite each had", async () => {
    const guild = moderatedGuild();
    // The Lounge let @everyone in explicitly and hid embeds; Town Hall had no overwrite of its own.
    const lounge = { id: guild, type: 0 as const, allow: PermissionFlagsBits.Connect.toString(), deny: PermissionFlagsBits.EmbedLinks.toString() };
    emulatorGuild(guild).channels.find((channel) => channel.name === "Lounge")!.permission_overwrites.push({ ...lounge });
    // The bot may not write in the Workbench's chat: it is locked all the same, without the message.
    emulatorGuild(guild).channels.find((channel) => channel.name === "Workbench")!.permission_overwrites.push({ id: BOT_USER_ID, type: 1, allow: "0", deny: PermissionFlagsBits.SendMessages.toString() });
    const ids = await chooseChannels(guild, ["Lounge", "Town Hall", "Workbench"]);

    const locked = await lockdown(guild, true);
    expect(locked.body).toEqual({
      locked: true,
      channels: [
        { channel_id: ids[0], status: "locked", message_posted: true },
        { channel_id: ids[1], status: "locked", message_posted: true },
        { channel_id: ids[2], status: "locked", message_posted: false },
      ],
    });
    expect(everyone(guild, "Lounge")).toEqual({ ...lounge, allow: "0", deny: (PermissionFlagsBits.EmbedLinks | VOICE_DENY).toString() });
    expect(everyone(guild, "Town Hall")).toEqual({ id: guild, type: 0, allow: "0", deny: VOICE_DENY.toString() });
    expect(BigInt(everyone(guild, "Workbench")!.deny) & PermissionFlagsBits.Connect).toBe(PermissionFlagsBits.Connect);
    // Voice channels have a chat on the platform: the message went there.
    expect([said(guild, "Lounge"), said(guild, "Town Hall"), said(guild, "Workbench")]).toEqual([[LOCKDOWN_MESSAGE], [LOCKDOWN_MESSAGE], []]);

    expect((await lockdown(guild, false)).body.channels.map((channel) => channel.status)).toEqual(["unlocked", "unlocked", "unlocked"]);
    expect(everyone(guild, "Lounge")).toEqual(lounge);
    expect(everyone(guild, "Town Hall")).toBeUndefined();
    expect(everyone(guild, "Workbench")).toBeUndefined();
  });

  it("does not call a voice channel locked when the bot cannot deny Connect, which it does not hold", async () => {
    // A server where @everyone may not join voice (members' roles may), and the bot's role holds no Connect:
    // the platform would let the bot deny sending there, not joining.
    const guild = moderatedGuild();
    const everyoneRole = emulatorGuild(guild).roles.find((role) => role.id === guild)!;
    everyoneRole.permissions = (BigInt(everyoneRole.permissions) & ~PermissionFlagsBits.Connect).toString();
    const ids = await chooseChannels(guild, ["general", "Lounge"]);
    const locked = await lockdown(guild, true);
    expect(locked.body.channels).toEqual([
      { channel_id: ids[0], status: "locked", message_posted: true },
      { channel_id: ids[1], status: "failed", error: "missing_connect" },
    ]);
    expect(everyone(guild, "Lounge")).toBeUndefined();
    expect(said(guild, "Lounge")).toEqual([]);
    // Given Connect, pressing Lock again locks the voice channel too.
    grantBot(harness, guild, PermissionFlagsBits.Connect);
    expect((await lockdown(guild, true)).body.channels).toEqual([{ channel_id: ids[1], status: "locked", message_posted: true }]);
    expect((await lockdown(guild, false)).body.locked).toBe(false);
    expect([everyone(guild, "general"), everyone(guild, "Lounge")]).toEqual([undefined, undefined]);
  });

  it("a platform failing midway leaves the other channels locked, takes back that channel's message, and the next press finishes; so does a lift that fails midway", async () => {
    const guild = moderatedGuild();
    const custom = { id: guild, type: 0 as const, allow: PermissionFlagsBits.AddReactions.toString(), deny: PermissionFlagsBits.EmbedLinks.toString() };
    emulatorGuild(guild).channels.find((channel) => channel.name === "off-topic")!.permission_overwrites.push({ ...custom });
    const ids = await chooseChannels(guild, ["general", "Lounge", "off-topic"]);
    // The platform fails the Lounge's lock, the retry of the client included.
    harness.emulator.injectFault({ path: `/channels/${ids[1]}/permissions`, method: "PUT", status: 500, count: 2 });
    const first = await lockdown(guild, true);
    expect(first.body).toEqual({
      locked: true,
      channels: [
        { channel_id: ids[0], status: "locked", message_posted: true },
        { channel_id: ids[1], status: "failed", error: "unavailable" },
        { channel_id: ids[2], status: "locked", message_posted: true },
      ],
    });
    expect(everyone(guild, "Lounge")).toBeUndefined();
    expect(said(guild, "Lounge")).toEqual([]);
    const state = (await readBody(await pluginCall(ada, "GET", `/moderator/guilds/${guild}/lockdown`))) as { locked: boolean; channels: unknown[] };
    expect(state.channels).toEqual([
      { channel_id: ids[0], status: "locked" },
      { channel_id: ids[1], status: "failed", error: "unavailable" },
      { channel_id: ids[2], status: "locked" },
    ]);

    expect((await lockdown(guild, true)).body.channels).toEqual([{ channel_id: ids[1], status: "locked", message_posted: true }]);
    expect([said(guild, "general"), said(guild, "Lounge"), said(guild, "off-topic")]).toEqual([[LOCKDOWN_MESSAGE], [LOCKDOWN_MESSAGE], [LOCKDOWN_MESSAGE]]);

    // Lifting: off-topic's restore fails; the rest are open, the guild still counts as locked down.
    harness.emulator.injectFault({ path: `/channels/${ids[2]}/permissions`, method: "PUT", status: 500, count: 2 });
    const lifted = await lockdown(guild, false);
    expect(lifted.body).toEqual({
      locked: true,
      channels: [
        { channel_id: ids[0], status: "unlocked" },
        { channel_id: ids[1], status: "unlocked" },
        { channel_id: ids[2], status: "failed", error: "unavailable" },
      ],
    });
    expect(everyone(guild, "off-topic")!.deny).not.toBe(custom.deny);
    expect((await lockdown(guild, false)).body).toEqual({ locked: false, channels: [{ channel_id: ids[2], status: "unlocked" }] });
    expect([everyone(guild, "general"), everyone(guild, "Lounge"), everyone(guild, "off-topic")]).toEqual([undefined, undefined, custom]);
  });

  it("asks for the channels first when none are chosen", async () => {
    const guild = moderatedGuild();
    expect((await lockdown(guild, true)).body).toMatchObject({ status_code: 400, code: "lockdown_no_channels", fields: [{ path: "lockdown_channel_ids", code: "required" }] });
  });
});
