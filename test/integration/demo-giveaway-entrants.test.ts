/** @jest-environment node */
// npm start's demo stand-in for the bot's giveaway entries (lib/plugins/giveaways/demo-entrants.ts):
// with the emulator's crowd on, Start leaves some human members reacting 🎉, and the stand-in
// enters those holding a required role, so End has someone to draw. Outside the demo
// (DEMO_GIVEAWAY_ENTRANTS unset) the same reactions enter nobody and nothing is read.
import { eq } from "drizzle-orm";
import { BOT_USER_ID } from "@/emulators/platform/state";
import { getDb } from "@/lib/db/client";
import { giveawayEntries } from "@/lib/db/schema";
import { resetEnvCache } from "@/lib/env";
import { refreshGuildCache } from "@/lib/platform/bot-api";
import type { GiveawayView } from "@/lib/plugins/giveaways/view";
import { pluginCall, readBody } from "@/test/api";
import { startEmulatorHarness, type EmulatorHarness } from "@/test/emulator-harness";
import { guildRefs } from "@/test/guild-harness";
import type { CookieJar } from "@/test/route-client";
import { addRole, addScratchGuild } from "@/test/scratch-guild";
import { signedInJar } from "@/test/sign-in";

let harness: EmulatorHarness;
let ada: CookieJar;
let guild: string;
let channel: string;
let vip: string;
let humans: string[];
let vips: Set<string>;

const READ_REACTIONS = "GET /channels/:id/messages/:id/reactions/:emoji";

function demoMode(on: boolean) {
  if (on) process.env.DEMO_GIVEAWAY_ENTRANTS = "1";
  else delete process.env.DEMO_GIVEAWAY_ENTRANTS;
  resetEnvCache();
}

beforeAll(async () => {
  process.env.RATE_LIMIT_WRITES_PER_MINUTE = "100000";
  harness = await startEmulatorHarness();
  harness.emulator.state.crowdReactions = true;
  guild = addScratchGuild(harness, "workshop", "Demo giveaway hall");
  ada = await signedInJar(harness);
  channel = (await guildRefs(guild)).channel;
  vip = addRole(harness, guild, { name: "VIP" });
  // Every other human member holds the required role.
  const members = [...harness.emulator.state.guild(guild)!.members.values()].filter((member) => !harness.emulator.state.user(member.user_id)?.bot);
  members.forEach((member, index) => (member.roles = index % 2 === 0 ? [vip] : []));
  await refreshGuildCache(guild);
  humans = members.map((member) => member.user_id);
  vips = new Set(humans.filter((_, index) => index % 2 === 0));
});
afterAll(async () => {
  demoMode(false);
  await harness.stop();
});

async function json<T>(response: Response, expected: number): Promise<T> {
  const body = await readBody(response);
  if (response.status !== expected) throw new Error(`expected ${expected}, got ${response.status}: ${JSON.stringify(body)}`);
  return body as T;
}

type Answer = { message_id: string; winners: string[]; giveaway: GiveawayView };

async function startGiveaway(winners: number): Promise<{ id: string; started: Answer }> {
  const body = { prize: "Demo Nitro", winners, ends_at: new Date(Date.now() + 86_400_000).toISOString(), channel_id: channel, required_role_ids: [vip] };
  const { id } = await json<{ id: string }>(await pluginCall(ada, "POST", `/giveaways/guilds/${guild}/giveaways`, { body }), 201);
  return { id, started: await json<Answer>(await pluginCall(ada, "POST", `/giveaways/guilds/${guild}/giveaways/${id}/start`), 200) };
}

/** The members (not the bot) who reacted to the giveaway message in the emulator. */
function reactors(messageId: string): string[] {
  const message = harness.emulator.state.messages.get(channel, messageId);
  return (message?.reactions.find((reaction) => reaction.key === "🎉")?.userIds ?? []).filter((id) => id !== BOT_USER_ID);
}

async function entrants(giveawayId: string): Promise<string[]> {
  const db = await getDb();
  return (await db.select({ userId: giveawayEntries.userId }).from(giveawayEntries).where(eq(giveawayEntries.giveawayId, giveawayId))).map((row) => row.userId).sort();
}

describe("demo giveaway entrants", () => {
  it("enters the members who reacted holding a required role, and End draws among them", async () => {
    demoMode(true);
    harness.emulator.resetCalls();
    const { id, started } = await startGiveaway(2);
    const reacted = reactors(started.message_id);
    // A believable crowd: some of the guild's humans, not all of them, and no bot.
    expect(reacted.length).toBeGreaterThan(0);
    expect(reacted.length).toBeLessThan(humans.length);
    for (const userId of reacted) expect(humans).toContain(userId);

    const entered = await entrants(id);
    expect(entered).toEqual(reacted.filter((userId) => vips.has(userId)).sort());
    expect(entered.length).toBeGreaterThan(0);
    expect(reacted.some((userId) => !vips.has(userId))).toBe(true);
    expect(started.giveaway.entrants).toBe(entered.length);
    // Read the way the bot's platform client reads them, not from the emulator's memory.
    expect(harness.callsTo(READ_REACTIONS)).toBeGreaterThan(0);

    const ended = await json<Answer>(await pluginCall(ada, "POST", `/giveaways/guilds/${guild}/giveaways/${id}/end`), 200);
    expect(ended.winners).toHaveLength(Math.min(2, entered.length));
    for (const winner of ended.winners) expect(entered).toContain(winner);
  });

  it("still starts the giveaway when the reactions cannot be read, with nobody entered", async () => {
    demoMode(true);
    const warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      harness.emulator.injectFault({ path: "/reactions/", method: "GET", status: 500, count: 2 });
      const { id, started } = await startGiveaway(1);
      expect(started.giveaway.status).toBe("running");
      expect(await entrants(id)).toEqual([]);
      expect(warn).toHaveBeenCalled();
    } finally {
      harness.emulator.clearFaults();
      warn.mockRestore();
    }
  });

  it("does nothing outside the demo: the same reactions enter nobody and are not read", async () => {
    demoMode(false);
    harness.emulator.resetCalls();
    const { id, started } = await startGiveaway(1);
    expect(reactors(started.message_id).length).toBeGreaterThan(0);
    expect(await entrants(id)).toEqual([]);
    expect(harness.callsTo(READ_REACTIONS)).toBe(0);
    expect(started.giveaway.entrants).toBe(0);
  });
});
