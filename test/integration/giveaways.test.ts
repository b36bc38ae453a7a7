/** @jest-environment node */
// Giveaways against the platform emulator: Start posts the giveaway message with the entry
// reaction, End draws among the members who entered and still hold a required role and
// announces them, Reroll draws others, Cancel draws nobody; each change is audited, and an
// action the giveaway's state does not allow is a 409 in the caller's language.
import { and, eq } from "drizzle-orm";
import { EMULATOR_CLIENT_ID } from "@/emulators/platform/credentials";
import { getDb } from "@/lib/db/client";
import { giveawayEntries, giveawayWinners } from "@/lib/db/schema";
import { refreshGuildCache } from "@/lib/platform/bot-api";
import { recordEntry } from "@/lib/plugins/giveaways/entries";
import type { GiveawayView } from "@/lib/plugins/giveaways/view";
import { issueTextFor } from "@/lib/validation/server-messages";
import { auditEventsSince, lastAuditId, pluginCall, readBody, type Envelope } from "@/test/api";
import { startEmulatorHarness, type EmulatorHarness } from "@/test/emulator-harness";
import { guildRefs } from "@/test/guild-harness";
import type { CookieJar } from "@/test/route-client";
import { addRole, addScratchGuild, setBuffs } from "@/test/scratch-guild";
import { signedInJar } from "@/test/sign-in";

let harness: EmulatorHarness;
let ada: CookieJar;
let guild: string;
let channel: string;
let vip: string;
let booster: string;

beforeAll(async () => {
  process.env.RATE_LIMIT_WRITES_PER_MINUTE = "100000";
  harness = await startEmulatorHarness();
  guild = addScratchGuild(harness, "workshop", "Giveaway hall");
  // Room for more than the 3 giveaways of a free server.
  await setBuffs(guild, ["premium"]);
  ada = await signedInJar(harness);
  channel = (await guildRefs(guild)).channel;
  vip = addRole(harness, guild, { name: "VIP" });
  booster = addRole(harness, guild, { name: "Booster" });
});
afterEach(() => harness.emulator.clearFaults());
afterAll(() => harness.stop());

async function json<T = Record<string, unknown>>(response: Response, expected: number): Promise<T> {
  const body = await readBody(response);
  if (response.status !== expected) throw new Error(`expected ${expected}, got ${response.status}: ${JSON.stringify(body)}`);
  return body as T;
}

const inAWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString();
type Action = "start" | "end" | "reroll" | "cancel";
type Answer = { channel_id: string; message_id: string; winners: string[]; giveaway: GiveawayView };
const act = (id: string, action: Action, headers?: Record<string, string>) => pluginCall(ada, "POST", `/giveaways/guilds/${guild}/giveaways/${id}/${action}`, { headers });

async function createGiveaway(extra: Record<string, unknown> = {}): Promise<string> {
  const body = { prize: "Nitro", winners: 2, ends_at: inAWeek(), channel_id: channel, required_role_ids: [vip], bonus_entries: [{ role_id: booster, entries: 3 }], ...extra };
  return (await json<{ id: string }>(await pluginCall(ada, "POST", `/giveaways/guilds/${guild}/giveaways`, { body }), 201)).id;
}

/** Members of the scratch guild (not the bot), given exactly these roles. */
function members(roleSets: string[][]): string[] {
  const all = [...harness.emulator.state.guild(guild)!.members.values()].filter((member) => member.user_id !== EMULATOR_CLIENT_ID);
  const picked = all.slice(0, roleSets.length);
  picked.forEach((member, index) => (member.roles = roleSets[index]!));
  void refreshGuildCache(guild);
  return picked.map((member) => member.user_id);
}

/** Enters members the way the bot does when they react. */
async function enter(giveawayId: string, userIds: string[], item = { required_role_ids: [vip], bonus_entries: [{ role_id: booster, entries: 3 }] }) {
  const db = await getDb();
  const state = harness.emulator.state.guild(guild)!;
  return Promise.all(userIds.map((userId) => recordEntry(db, { guildId: guild, id: giveawayId, ...item }, { userId, roleIds: state.members.get(userId)!.roles })));
}

async function storedWinners(giveawayId: string) {
  const db = await getDb();
  return db.select().from(giveawayWinners).where(and(eq(giveawayWinners.guildId, guild), eq(giveawayWinners.giveawayId, giveawayId)));
}

const posted = (id: string) => harness.emulator.messages(channel).find((message) => message.id === id);

describe("giveaways", () => {
  it("starts: posts the giveaway message with the entry reaction and records it", async () => {
    const id = await createGiveaway();
    const before = await lastAuditId(ada, guild);
    const started = await json<Answer>(await act(id, "start"), 200);
    const message = posted(started.message_id);
    expect(message?.content).toContain("🎉 **Nitro** 🎉");
    expect(message?.content).toMatch(/<t:\d+:R>/);
    expect(message?.content).toContain(`<@&${vip}>`);
    expect(message?.content).toContain(`<@&${booster}> +3`);
    expect(message?.reactions?.map((reaction) => [reaction.emoji.name, reaction.me])).toEqual([["🎉", true]]);
    expect(started.giveaway).toMatchObject({ id, status: "running", channel_id: channel, message_id: started.message_id, winner_count: 2, winners: [] });
    expect((await auditEventsSince(ada, guild, before)).map((event) => [event.target, event.after])).toEqual([
      [`giveaway:${id}`, { status: "running", channel_id: channel, message_id: started.message_id }],
    ]);
    // Started again after an edit: the same message, brought up to date.
    await json(await pluginCall(ada, "PATCH", `/giveaways/guilds/${guild}/giveaways/${id}`, { body: { prize: "Nitro Classic" } }), 200);
    const again = await json<Answer>(await act(id, "start"), 200);
    expect(again.message_id).toBe(started.message_id);
    expect(posted(started.message_id)?.content).toContain("🎉 **Nitro Classic** 🎉");
    const list = await json<{ giveaways: GiveawayView[] }>(await pluginCall(ada, "GET", `/giveaways/guilds/${guild}/draws`), 200);
    expect(list.giveaways.find((giveaway) => giveaway.id === id)?.status).toBe("running");
  });

  it("ends: draws among entrants holding a required role, records, announces and audits the winners", async () => {
    const id = await createGiveaway({ winners: 2 });
    const [a, b, c, lost] = members([[vip], [vip, booster], [vip], [vip]]);
    expect(await enter(id, [a!, b!, c!, lost!])).toEqual([1, 4, 1, 1]);
    await json(await act(id, "start"), 200);
    // Entered with the role, lost it since: never drawn.
    harness.emulator.state.guild(guild)!.members.get(lost!)!.roles = [];
    await refreshGuildCache(guild);
    const before = await lastAuditId(ada, guild);
    const ended = await json<Answer>(await act(id, "end"), 200);
    expect(ended.winners).toHaveLength(2);
    expect(new Set(ended.winners).size).toBe(2);
    expect(ended.winners).not.toContain(lost);
    for (const winner of ended.winners) expect([a, b, c]).toContain(winner);
    expect((await storedWinners(id)).map((row) => [row.userId, row.round]).sort()).toEqual(ended.winners.map((winner) => [winner, 1]).sort());
    const announcement = posted(ended.message_id);
    for (const winner of ended.winners) expect(announcement?.content).toContain(`<@${winner}>`);
    expect(announcement?.content).toContain("you won the giveaway");
    expect(announcement?.mentions.map((user) => user.id).sort()).toEqual([...ended.winners].sort());
    expect(ended.giveaway).toMatchObject({ status: "ended", entrants: 4, entries: 7 });
    expect(ended.giveaway.winners.map((winner) => winner.user_id).sort()).toEqual([...ended.winners].sort());
    expect((await auditEventsSince(ada, guild, before)).map((event) => event.after)).toEqual([{ status: "ended", winners: ended.winners, round: 1 }]);

    // Ending again: a 409 in the caller's language, nothing posted, nothing drawn.
    const count = harness.emulator.messages(channel).length;
    const again = await act(id, "end", { "x-guildhall-locale": "fr" });
    const body = await json<Envelope>(again, 409);
    expect(body.code).toBe("giveaway_ended");
    expect(body.message).toBe(issueTextFor("fr")("giveaway_ended"));
    expect(harness.emulator.messages(channel)).toHaveLength(count);
    expect(await storedWinners(id)).toHaveLength(2);

    // Reroll: the one eligible entrant left wins; then nobody is left.
    const rerolled = await json<Answer>(await act(id, "reroll"), 200);
    const remaining = [a, b, c].filter((user) => !ended.winners.includes(user!));
    expect(rerolled.winners).toEqual(remaining);
    expect(posted(rerolled.message_id)?.content).toContain(`<@${remaining[0]}>`);
    expect((await storedWinners(id)).filter((row) => row.round === 2).map((row) => row.userId)).toEqual(remaining);
    const empty = await json<Envelope>(await act(id, "reroll"), 409);
    expect(empty.code).toBe("giveaway_no_entrants_left");
    expect(harness.emulator.messages(channel).at(-1)?.id).toBe(rerolled.message_id);
  });

  it("lets every entrant win when fewer entered than there are places, and says so", async () => {
    const id = await createGiveaway({ winners: 5, required_role_ids: [] });
    const entrants = members([[], [booster]]);
    await enter(id, entrants, { required_role_ids: [], bonus_entries: [] });
    await json(await act(id, "start"), 200);
    const ended = await json<Answer>(await act(id, "end"), 200);
    expect([...ended.winners].sort()).toEqual([...entrants].sort());
    expect(posted(ended.message_id)?.content).toContain("Only 2 could win for 5 places, so everyone who entered wins.");
  });

  it("refuses entries without a required role", async () => {
    const id = await createGiveaway();
    const [outsider] = members([[booster]]);
    expect(await enter(id, [outsider!])).toEqual([null]);
    const db = await getDb();
    expect(await db.select().from(giveawayEntries).where(eq(giveawayEntries.giveawayId, id))).toEqual([]);
  });

  it("cancels without a draw, once, and then refuses to start or end", async () => {
    const id = await createGiveaway();
    const [entrant] = members([[vip]]);
    await enter(id, [entrant!]);
    await json(await act(id, "start"), 200);
    const count = harness.emulator.messages(channel).length;
    const before = await lastAuditId(ada, guild);
    const cancelled = await json<{ giveaway: GiveawayView }>(await act(id, "cancel"), 200);
    expect(cancelled.giveaway).toMatchObject({ status: "cancelled", winners: [] });
    expect(await json<{ giveaway: GiveawayView }>(await act(id, "cancel"), 200)).toMatchObject({ giveaway: { status: "cancelled" } });
    expect((await auditEventsSince(ada, guild, before)).map((event) => event.after)).toEqual([{ status: "cancelled" }]);
    expect(harness.emulator.messages(channel)).toHaveLength(count);
    expect(await storedWinners(id)).toEqual([]);
    expect((await json<Envelope>(await act(id, "end"), 409)).code).toBe("giveaway_cancelled");
    expect((await json<Envelope>(await act(id, "start"), 409)).code).toBe("giveaway_cancelled");
    expect((await json<Envelope>(await act(id, "reroll"), 409)).code).toBe("giveaway_cancelled");
  });

  it("refuses to end or reroll a giveaway that has not started, and cancels it without a message", async () => {
    const id = await createGiveaway();
    expect((await json<Envelope>(await act(id, "end"), 409)).code).toBe("giveaway_not_started");
    expect((await json<Envelope>(await act(id, "reroll"), 409)).code).toBe("giveaway_not_started");
    expect((await json<{ giveaway: GiveawayView }>(await act(id, "cancel"), 200)).giveaway).toMatchObject({ status: "cancelled", message_id: null });
  });

  it("forgets a giveaway's run, entries and winners with the giveaway", async () => {
    const id = await createGiveaway({ required_role_ids: [] });
    await enter(id, members([[]]), { required_role_ids: [], bonus_entries: [] });
    await json(await act(id, "start"), 200);
    await json(await act(id, "end"), 200);
    await json(await pluginCall(ada, "DELETE", `/giveaways/guilds/${guild}/giveaways/${id}`), 204);
    const db = await getDb();
    expect(await db.select().from(giveawayEntries).where(eq(giveawayEntries.giveawayId, id))).toEqual([]);
    expect(await storedWinners(id)).toEqual([]);
  });

  it("writes nothing when the platform refuses the announcement, and draws once it is back", async () => {
    const id = await createGiveaway({ required_role_ids: [], winners: 1 });
    await enter(id, members([[]]), { required_role_ids: [], bonus_entries: [] });
    await json(await act(id, "start"), 200);
    const before = await lastAuditId(ada, guild);
    harness.emulator.injectFault({ path: `/channels/${channel}/messages`, method: "POST", status: 503, count: 5 });
    expect((await json<Envelope>(await act(id, "end"), 502)).code).toBe("post_failed");
    harness.emulator.clearFaults();
    expect(await storedWinners(id)).toEqual([]);
    expect(await auditEventsSince(ada, guild, before)).toEqual([]);
    const ended = await json<Answer>(await act(id, "end"), 200);
    expect(ended.winners).toHaveLength(1);
  });

  it("is a 404 for another guild's giveaway", async () => {
    const id = await createGiveaway();
    const other = addScratchGuild(harness, "workshop");
    const response = await pluginCall(ada, "POST", `/giveaways/guilds/${other}/giveaways/${id}/end`);
    expect((await json<Envelope>(response, 404)).code).toBe("item_not_found");
  });
});
