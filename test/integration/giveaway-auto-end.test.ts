/** @jest-environment node */
// Giveaways end by themselves: the sweep sends an end job due at the giveaway's end, and two
// workers on one queue end it once: one draw, one announcement, one audit row written as the bot.
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { auditEvents, giveawayRuns } from "@/lib/db/schema";
import { getEnv } from "@/lib/env";
import { getQueue } from "@/lib/jobs/queue";
import { endGiveawayJob, sweepGiveawaysJob } from "@/lib/plugins/giveaways/auto-end";
import { auditEventsSince, lastAuditId, pluginCall, readBody } from "@/test/api";
import { startEmulatorHarness, type EmulatorHarness } from "@/test/emulator-harness";
import { guildRefs } from "@/test/guild-harness";
import type { CookieJar } from "@/test/route-client";
import { addScratchGuild } from "@/test/scratch-guild";
import { signedInJar } from "@/test/sign-in";
import { startTwoWorkers } from "@/test/two-workers";
import { waitFor } from "@/test/wait-for";

let harness: EmulatorHarness;
let ada: CookieJar;
let guild: string;
let channel: string;
let workers: { stop: () => Promise<void> };

beforeAll(async () => {
  harness = await startEmulatorHarness();
  guild = addScratchGuild(harness, "workshop", "Auto-end hall");
  ada = await signedInJar(harness);
  channel = (await guildRefs(guild)).channel;
  // Two workers on one queue, as two processes would be: each its own pg-boss client.
  workers = await startTwoWorkers([endGiveawayJob, sweepGiveawaysJob]);
}, 60_000);
afterAll(async () => {
  await workers.stop();
  await harness.stop();
});

async function startGiveaway(endsInMs: number): Promise<string> {
  const body = { prize: "Nitro", winners: 1, ends_at: new Date(Date.now() + 60_000).toISOString(), channel_id: channel, required_role_ids: [], bonus_entries: [] };
  const created = (await readBody(await pluginCall(ada, "POST", `/giveaways/guilds/${guild}/giveaways`, { body }))) as { id: string };
  const started = await pluginCall(ada, "POST", `/giveaways/guilds/${guild}/giveaways/${created.id}/start`);
  expect(started.status).toBe(200);
  // Its end brought close, as if the giveaway had been running for a while.
  await (await getDb()).update(giveawayRuns).set({ endsAt: new Date(Date.now() + endsInMs) }).where(eq(giveawayRuns.giveawayId, created.id));
  return created.id;
}

const announcements = (prize: string) => harness.emulator.messages(channel).filter((message) => message.content.startsWith(`🎉 **${prize}**\n`));

it("ends a giveaway at its end time once, with two workers and a sweep sent twice", async () => {
  const since = await lastAuditId(ada, guild);
  const id = await startGiveaway(1500);
  const context = { db: await getDb(), queue: await getQueue(), now: () => new Date() };
  // Two sweeps (two workers' crons, or one late): the queue keeps one end job per giveaway.
  await sweepGiveawaysJob.run({}, context);
  await sweepGiveawaysJob.run({}, context);

  await waitFor(async () => (await (await getDb()).select().from(giveawayRuns).where(eq(giveawayRuns.giveawayId, id)))[0]?.status === "ended", 20_000, "the giveaway to end");
  const [run] = await (await getDb()).select().from(giveawayRuns).where(eq(giveawayRuns.giveawayId, id));
  expect(run!.finishedAt!.getTime()).toBeGreaterThanOrEqual(run!.endsAt.getTime());
  expect(announcements("Nitro")).toHaveLength(1);
  const ends = (await auditEventsSince(ada, guild, since, `giveaway:${id}`)).filter((event) => (event.after as { status?: string }).status === "ended");
  expect(ends).toHaveLength(1);
  // Written as the bot: nobody pressed End.
  const [row] = await (await getDb()).select({ userId: auditEvents.userId }).from(auditEvents).where(eq(auditEvents.id, Number(ends[0]!.id)));
  expect(row!.userId).toBe(getEnv().DISCORD_CLIENT_ID);

  // A late duplicate job finds it ended and does nothing.
  await endGiveawayJob.run({ guildId: guild, giveawayId: id }, context);
  expect(announcements("Nitro")).toHaveLength(1);
}, 60_000);

it("leaves a giveaway whose end is still ahead running", async () => {
  const id = await startGiveaway(10 * 60_000);
  const context = { db: await getDb(), queue: await getQueue(), now: () => new Date() };
  await sweepGiveawaysJob.run({}, context);
  await endGiveawayJob.run({ guildId: guild, giveawayId: id }, context);
  const [run] = await (await getDb()).select().from(giveawayRuns).where(eq(giveawayRuns.giveawayId, id));
  expect(run!.status).toBe("running");
});
