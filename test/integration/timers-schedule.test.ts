/** @jest-environment node */
// Timers post by themselves, on their schedule: the sweep runs with a stopped clock set
// around each turn (the timer saved three hours ago), two workers post what it claims, and
// each turn is posted once however often the sweep runs.
import { and, eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { deliveries, pluginItems, runStatus } from "@/lib/db/schema";
import { postDeliveryJob } from "@/lib/deliveries/post";
import type { JobContext } from "@/lib/jobs/job";
import { getQueue } from "@/lib/jobs/queue";
import { sweepTimersJob } from "@/lib/plugins/timers/auto-post";
import { pluginCall, readBody } from "@/test/api";
import { startEmulatorHarness, type EmulatorHarness } from "@/test/emulator-harness";
import { USER_IDS } from "@/emulators/platform/data/ids";
import { getGuildPickers } from "@/lib/guilds/pickers";
import type { CookieJar } from "@/test/route-client";
import { addScratchGuild, setBuffs } from "@/test/scratch-guild";
import { signedInJar } from "@/test/sign-in";
import { startTwoWorkers } from "@/test/two-workers";
import { waitFor } from "@/test/wait-for";

let harness: EmulatorHarness;
let ada: CookieJar;
let workers: { stop: () => Promise<void> };

beforeAll(async () => {
  harness = await startEmulatorHarness();
  ada = await signedInJar(harness);
  // Two workers posting, as two processes would: each its own pg-boss client. The sweep is
  // run by the tests themselves, with their clock.
  workers = await startTwoWorkers([postDeliveryJob]);
}, 60_000);
afterAll(async () => {
  await workers.stop();
  await harness.stop();
});

const MINUTE = 60_000;
/** Saved three hours ago, on a whole minute. */
const ANCHOR = new Date(Math.floor((Date.now() - 3 * 60 * MINUTE) / MINUTE) * MINUTE);
const turn = (k: number, interval = 10) => new Date(ANCHOR.getTime() + k * interval * MINUTE);

async function sweepAt(at: Date, times = 1): Promise<void> {
  const context: JobContext = { db: await getDb(), queue: await getQueue(), now: () => at };
  for (let i = 0; i < times; i++) await sweepTimersJob.run({}, context);
}

/** A scratch guild with the plugin on (`config` on top) and its text channels by name. */
async function timersGuild(config: Record<string, unknown> = {}) {
  const guild = addScratchGuild(harness, "workshop", "Timers");
  const channels = Object.fromEntries((await getGuildPickers(guild)).channels.filter((channel) => channel.type === 0).map((channel) => [channel.name, channel.id]));
  const response = await pluginCall(ada, "PATCH", `/timers/config/${guild}`, { body: { enabled: true, skip_if_inactive: false, ...config } });
  expect(response.status).toBe(200);
  return { guild, general: channels.general!, offTopic: channels["off-topic"]! };
}

async function createTimer(guild: string, body: Record<string, unknown>): Promise<string> {
  const response = await pluginCall(ada, "POST", `/timers/${guild}`, { body: { name: "Water", interval_minutes: 10, ...body } });
  expect(response.status).toBe(201);
  const { id } = (await readBody(response)) as { id: string };
  // As if it had been saved at ANCHOR.
  await (await getDb()).update(pluginItems).set({ updatedAt: ANCHOR }).where(eq(pluginItems.id, id));
  return id;
}

async function statusOf(guild: string, timerId: string) {
  const [row] = await (await getDb()).select().from(runStatus).where(and(eq(runStatus.guildId, guild), eq(runStatus.pluginId, "timers"), eq(runStatus.itemId, timerId)));
  return row;
}

const botPosts = (channel: string) => harness.emulator.messages(channel).filter((message) => message.author.id === process.env.DISCORD_CLIENT_ID);

/** A member's message, straight into the emulator's store (as if written in Discord). */
function memberWrites(guild: string, channel: string, content: string): void {
  const now = Date.now();
  harness.emulator.state.messages.add({
    id: harness.emulator.state.newId(now),
    channel_id: channel,
    guild_id: guild,
    author_id: USER_IDS.bjorn,
    content,
    embeds: [],
    components: [],
    tts: false,
    flags: 0,
    nonce: null,
    enforced_nonce: false,
    created_ms: now,
    timestamp: new Date(now).toISOString(),
    edited_timestamp: null,
    mention_user_ids: [],
    mention_role_ids: [],
    mention_everyone: false,
    reactions: [],
  });
}

const postedCount = async (itemId: string) => (await (await getDb()).select().from(deliveries).where(and(eq(deliveries.itemId, itemId), eq(deliveries.status, "posted")))).length;

it("posts at each turn once, from one interval after the save, with two workers and the sweep run twice", async () => {
  const { guild, general } = await timersGuild();
  const id = await createTimer(guild, { channel_id: general, message: "Drink water, {user} of {server.name}! @everyone" });

  // Before the first turn is near: nothing, and the page knows when it comes.
  await sweepAt(new Date(turn(1).getTime() - 5 * MINUTE));
  expect(botPosts(general)).toHaveLength(0);
  expect((await statusOf(guild, id))!.nextRunAt).toEqual(turn(1));

  for (const k of [1, 2, 3]) {
    await sweepAt(new Date(turn(k).getTime() - 30_000), 2);
    // Posted on the platform and recorded: the worker marks its delivery after the platform answers.
    await waitFor(async () => botPosts(general).length === k && (await postedCount(id)) === k, 20_000, `turn ${k} to be posted`);
    // A late sweep within the turn's minutes finds it claimed.
    await sweepAt(new Date(turn(k).getTime() + 30_000));
    expect((await statusOf(guild, id))!.nextRunAt).toEqual(turn(k + 1));
  }
  const posts = botPosts(general);
  expect(posts).toHaveLength(3);
  expect(posts[0]!.content).toBe(`Drink water, <@${process.env.DISCORD_CLIENT_ID}> of Timers! @everyone`);
  // Nobody is pinged by a timer.
  expect(posts.every((post) => post.mention_everyone === false && post.mentions.length === 0)).toBe(true);
  const rows = await (await getDb()).select().from(deliveries).where(eq(deliveries.itemId, id));
  expect(rows.map((row) => [row.key, row.status]).sort()).toEqual([1, 2, 3].map((k) => [`timers:${id}:${turn(k).toISOString()}`, "posted"]));
  const status = await statusOf(guild, id);
  expect(status).toMatchObject({ lastChannelId: general, lastMessageId: posts[2]!.id, errorCode: null });

  // A worker down for hours: the turns it missed are not posted, only the one around now.
  await sweepAt(new Date(turn(9).getTime() - 30_000));
  await waitFor(() => botPosts(general).length === 4, 20_000, "the turn around now");
  expect((await (await getDb()).select().from(deliveries).where(eq(deliveries.itemId, id))).map((row) => row.key)).not.toContain(`timers:${id}:${turn(5).toISOString()}`);
}, 90_000);

it("posts embeds in the plugin's colour when it says so", async () => {
  const { guild, general } = await timersGuild({ use_embeds: true, embed_color: 0x12ab34 });
  await createTimer(guild, { channel_id: general, message: "Stretch in {server.name}", interval_minutes: 30 });
  await sweepAt(new Date(turn(1, 30).getTime() - 10_000));
  await waitFor(() => botPosts(general).length === 1, 20_000, "the embed");
  const [post] = botPosts(general);
  expect(post!.content).toBe("");
  expect(post!.embeds).toEqual([expect.objectContaining({ description: "Stretch in Timers", color: 0x12ab34 })]);
});

it("leaves disabled timers, and every timer of a disabled plugin, alone", async () => {
  const { guild, general, offTopic } = await timersGuild();
  const off = await createTimer(guild, { channel_id: general, message: "Off", enabled: false });
  const on = await createTimer(guild, { channel_id: offTopic, message: "On" });
  await sweepAt(new Date(turn(1).getTime() - 30_000));
  await waitFor(() => botPosts(offTopic).length === 1, 20_000, "the enabled timer");
  expect(botPosts(general)).toHaveLength(0);
  expect((await statusOf(guild, off))?.nextRunAt ?? null).toBeNull();

  expect((await pluginCall(ada, "PATCH", `/timers/config/${guild}`, { body: { enabled: false } })).status).toBe(200);
  await sweepAt(new Date(turn(2).getTime() - 30_000));
  const claimed = await (await getDb()).select({ itemId: deliveries.itemId }).from(deliveries).where(eq(deliveries.guildId, guild));
  expect(claimed).toEqual([{ itemId: on }]);
  expect((await statusOf(guild, on))!.nextRunAt).toBeNull();
});

it("runs only the free plan's first timers once Premium has ended", async () => {
  const { guild, general, offTopic } = await timersGuild();
  await setBuffs(guild, ["premium"]);
  const ids = [];
  for (const channel of [general, offTopic, general]) ids.push(await createTimer(guild, { channel_id: channel, message: "Tick" }));
  await setBuffs(guild, []);
  await sweepAt(new Date(turn(1).getTime() - 30_000));
  const claimed = await (await getDb()).select({ itemId: deliveries.itemId }).from(deliveries).where(eq(deliveries.guildId, guild));
  expect(claimed.map((row) => row.itemId).sort()).toEqual(ids.slice(0, 2).sort());
  expect((await statusOf(guild, ids[2]!))?.nextRunAt ?? null).toBeNull();
});

it("runs twice the free plan's timers with Pro, and the first two again once Pro has ended", async () => {
  const { guild, general, offTopic } = await timersGuild();
  await setBuffs(guild, ["pro"]);
  const ids = [];
  for (const channel of [general, offTopic, general, offTopic]) ids.push(await createTimer(guild, { channel_id: channel, message: "Tick" }));
  await sweepAt(new Date(turn(1).getTime() - 30_000));
  const claimedAt = async (at: Date) =>
    (await (await getDb()).select({ itemId: deliveries.itemId, key: deliveries.key }).from(deliveries).where(eq(deliveries.guildId, guild))).filter((row) => row.key.endsWith(at.toISOString())).map((row) => row.itemId).sort();
  expect(await claimedAt(turn(1))).toEqual([...ids].sort());
  await setBuffs(guild, []);
  await sweepAt(new Date(turn(2).getTime() - 30_000));
  expect(await claimedAt(turn(2))).toEqual(ids.slice(0, 2).sort());
  expect((await statusOf(guild, ids[2]!))?.nextRunAt ?? null).toBeNull();
});

it("skips a turn when nobody wrote since the last post, and says so in the delivery log", async () => {
  const { guild, general } = await timersGuild({ skip_if_inactive: true, min_messages_between: 2 });
  const id = await createTimer(guild, { channel_id: general, message: "Read the rules" });
  // The first turn has no earlier post to count from.
  await sweepAt(new Date(turn(1).getTime() - 30_000));
  await waitFor(() => botPosts(general).length === 1, 20_000, "the first turn");
  // The status row is written after the post lands; the next sweep's skip comes after it.
  await waitFor(async () => (await statusOf(guild, id))?.lastPostedAt != null, 20_000, "the first turn's status");

  await sweepAt(new Date(turn(2).getTime() - 30_000));
  expect((await statusOf(guild, id))).toMatchObject({ errorCode: "skipped_inactive", errorValues: { messages: 0, needed: 2 }, pausedAt: null });
  const [skipped] = await (await getDb()).select().from(deliveries).where(eq(deliveries.key, `timers:${id}:${turn(2).toISOString()}`));
  expect(skipped!.status).toBe("skipped");

  // One message is not enough; two are.
  memberWrites(guild, general, "hello");
  await sweepAt(new Date(turn(3).getTime() - 30_000));
  expect((await statusOf(guild, id))!.errorValues).toEqual({ messages: 1, needed: 2 });
  memberWrites(guild, general, "anyone?");
  await sweepAt(new Date(turn(4).getTime() - 30_000));
  await waitFor(() => botPosts(general).length === 2, 20_000, "the turn after two messages");
  await waitFor(async () => (await statusOf(guild, id))!.errorCode === null, 5000, "the log to clear");
});

it("pauses a timer whose channel was deleted, with the reason, until it is saved again", async () => {
  const { guild, general, offTopic } = await timersGuild();
  const id = await createTimer(guild, { channel_id: general, message: "Into the void" });
  const workshop = harness.emulator.state.guild(guild)!;
  workshop.channels = workshop.channels.filter((channel) => channel.id !== general);

  await sweepAt(new Date(turn(1).getTime() - 30_000));
  await waitFor(async () => (await statusOf(guild, id))?.pausedAt != null, 20_000, "the timer to pause");
  expect(await statusOf(guild, id)).toMatchObject({ errorCode: "channel_gone", nextRunAt: turn(1) });
  // Paused: no more turns, and no next run on the page.
  await sweepAt(new Date(turn(2).getTime() - 30_000));
  expect((await statusOf(guild, id))!.nextRunAt).toBeNull();
  expect((await (await getDb()).select().from(deliveries).where(eq(deliveries.itemId, id))).map((row) => row.status)).toEqual(["failed"]);

  // Saving it (here, with another channel) starts its count again from the save.
  expect((await pluginCall(ada, "PATCH", `/timers/${guild}/${id}`, { body: { channel_id: offTopic } })).status).toBe(200);
  const [saved] = await (await getDb()).select({ updatedAt: pluginItems.updatedAt }).from(pluginItems).where(eq(pluginItems.id, id));
  const firstTurn = new Date(saved!.updatedAt.getTime() + 10 * MINUTE);
  await sweepAt(new Date(firstTurn.getTime() - 30_000));
  expect((await statusOf(guild, id))!.nextRunAt).toEqual(firstTurn);
  const key = `timers:${id}:${firstTurn.toISOString()}`;
  const [claimed] = await (await getDb()).select().from(deliveries).where(eq(deliveries.key, key));
  expect(claimed).toMatchObject({ status: "claimed", channelId: offTopic });
  // Its post job waits for the turn, ten minutes from now; posting it now shows it goes out.
  await postDeliveryJob.run({ key }, { db: await getDb(), queue: await getQueue(), now: () => new Date() });
  expect(botPosts(offTopic)).toHaveLength(1);
  expect(await statusOf(guild, id)).toMatchObject({ errorCode: null, pausedAt: null });
});
