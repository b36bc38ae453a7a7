/** @jest-environment node */
// Social alerts that happen: the check finds what is new on the provider (the social fake) and
// posts it through the platform (the emulator) once, whatever happens around it: two workers,
// a worker killed between posting and recording, checks run twice. Nothing older than the
// subscription is posted; a failing provider is backed off, the platform's 429 waited out, and
// a channel deleted on the platform pauses the subscription with its reason until it is saved.
import { and, eq } from "drizzle-orm";
import { checkProvider } from "@/lib/alerts/check";
import { getDb } from "@/lib/db/client";
import { deliveries, providerBackoffs, runStatus } from "@/lib/db/schema";
import { claimDeliveries } from "@/lib/deliveries/claim";
import { POST_JOB, postDeliveryJob } from "@/lib/deliveries/post";
import { getQueue } from "@/lib/jobs/queue";
import { refreshGuildCache } from "@/lib/platform/bot-api";
import { postMessage } from "@/lib/platform/messages-api";
import { pluginCall, readBody } from "@/test/api";
import { startEmulatorHarness, type EmulatorHarness } from "@/test/emulator-harness";
import { guildRefs } from "@/test/guild-harness";
import type { CookieJar } from "@/test/route-client";
import { addRole, addScratchGuild } from "@/test/scratch-guild";
import { signedInJar } from "@/test/sign-in";
import { startTwoWorkers } from "@/test/two-workers";
import { startSocialHarness, type SocialHarness } from "@/test/social-harness";
import { waitFor } from "@/test/wait-for";

/** adalovelacecodes on the fake: offline until a test makes it live. */
const ADA = { id: "208734115", login: "adalovelacecodes" };
/** ada_plays: live from the start. */
const LIVE_ALREADY = { id: "141981764", login: "ada_plays" };

let platform: EmulatorHarness;
let social: SocialHarness;
let ada: CookieJar;
let guild: string;
let channel: string;
let role: string;
let workers: { stop: () => Promise<void> };

beforeAll(async () => {
  platform = await startEmulatorHarness();
  social = await startSocialHarness();
  guild = addScratchGuild(platform, "workshop", "Alert hall");
  ada = await signedInJar(platform);
  channel = (await guildRefs(guild)).channel;
  role = addRole(platform, guild, { name: "Stream fans", mentionable: true });
  const enabled = await pluginCall(ada, "PATCH", `/twitch/config/${guild}`, { body: { enabled: true, default_message: "{streamer} is live: {title} {url}" } });
  expect(enabled.status).toBe(200);
  // Two workers posting, as two processes would: each its own queue client.
  workers = await startTwoWorkers([postDeliveryJob]);
}, 90_000);
afterEach(() => platform.emulator.clearFaults());
afterAll(async () => {
  await workers.stop();
  await social.stop();
  await platform.stop();
});

async function subscribe(source: { id: string; login: string }, extra: Record<string, unknown> = {}): Promise<string> {
  const response = await pluginCall(ada, "POST", `/twitch/guilds/${guild}/streamers`, { body: { source_id: source.id, source_name: source.login, channel_id: channel, message: "", ...extra } });
  const body = (await readBody(response)) as { id: string };
  expect(response.status).toBe(201);
  return body.id;
}

const context = async () => ({ db: await getDb(), queue: await getQueue(), now: () => new Date() });
const posts = (text: string, inChannel = channel) => platform.emulator.messages(inChannel).filter((message) => message.content.includes(text));
const deliveryOf = async (subscription: string) => (await getDb()).select().from(deliveries).where(and(eq(deliveries.itemId, subscription), eq(deliveries.status, "posted")));

it("posts a stream going live once, with the chosen role the only mention, however often it is checked and by how many workers", async () => {
  const subscription = await subscribe(ADA, { mention_role_id: role });
  // First check: the streamer is offline; nothing to post, the subscription is now known.
  expect((await checkProvider("twitch", await context())).claimed).toBe(0);

  await social.live("twitch", ADA.login, true, "Building difference engines");
  const first = await checkProvider("twitch", await context());
  expect(first.claimed).toBe(1);
  // A second check before the post went out claims nothing more.
  expect((await checkProvider("twitch", await context())).claimed).toBe(0);
  await waitFor(() => posts("Building difference engines").length > 0, 20_000, "the alert to be posted");
  await checkProvider("twitch", await context());
  await new Promise((resolve) => setTimeout(resolve, 1500));

  const posted = posts("Building difference engines");
  expect(posted).toHaveLength(1);
  expect(posted[0]!.content).toBe(`<@&${role}> AdaLovelaceCodes is live: Building difference engines https://www.twitch.tv/adalovelacecodes`);
  expect(posted[0]!.mention_roles).toEqual([role]);
  const [delivery] = await deliveryOf(subscription);
  expect(delivery!.messageId).toBe(posted[0]!.id);
  // The delivery log's row: last posted, with the message.
  const [status] = await (await getDb()).select().from(runStatus).where(eq(runStatus.itemId, subscription));
  expect(status).toMatchObject({ lastMessageId: posted[0]!.id, lastChannelId: channel, errorCode: null });

  // Offline, then live again: a new stream, a new post.
  await social.live("twitch", ADA.login, false);
  await checkProvider("twitch", await context());
  await social.live("twitch", ADA.login, true, "Second stream");
  await checkProvider("twitch", await context());
  await waitFor(() => posts("Second stream").length > 0, 20_000, "the second alert");
  expect(posts("Second stream")).toHaveLength(1);
  await social.live("twitch", ADA.login, false);
}, 90_000);

it("posts nothing that was there before the subscription", async () => {
  const subscription = await subscribe(LIVE_ALREADY);
  const report = await checkProvider("twitch", await context());
  expect(report.claimed).toBe(0);
  await new Promise((resolve) => setTimeout(resolve, 1500));
  expect(await deliveryOf(subscription)).toEqual([]);
  expect(platform.emulator.messages(channel).filter((message) => message.content.includes("ada_plays is live"))).toEqual([]);
});

it("does not post twice when a worker died between posting and recording it", async () => {
  const db = await getDb();
  const body = { content: "A post whose worker died", allowed_mentions: { parse: [] } };
  const [key] = await claimDeliveries(db, [{ key: `test:crash:${Date.now()}`, guildId: guild, pluginId: "twitch", itemId: "crash-test", channelId: channel, body }]);
  const [claim] = await db.select().from(deliveries).where(eq(deliveries.key, key!));
  // What the dead worker did: posted with the claim's nonce, then nothing.
  const first = await postMessage(channel, { ...body, nonce: claim!.nonce, enforce_nonce: true });
  // The job runs again (its queue took it back from the dead worker).
  await postDeliveryJob.run({ key: key! }, await context());
  expect(posts("A post whose worker died")).toHaveLength(1);
  const [after] = await db.select().from(deliveries).where(eq(deliveries.key, key!));
  expect(after).toMatchObject({ status: "posted", messageId: first.id });
});

it("waits out the platform's 429 for as long as it says", async () => {
  const db = await getDb();
  platform.emulator.injectFault({ path: `/channels/${channel}/messages`, method: "POST", status: 429, retry_after: 40 });
  const [key] = await claimDeliveries(db, [{ key: `test:429:${Date.now()}`, guildId: guild, pluginId: "twitch", itemId: "rate-test", channelId: channel, body: { content: "Rate limited post", allowed_mentions: { parse: [] } } }]);
  const before = Date.now();
  await postDeliveryJob.run({ key: key! }, await context());
  expect(posts("Rate limited post")).toEqual([]);
  const [status] = await db.select().from(runStatus).where(eq(runStatus.itemId, "rate-test"));
  expect(status).toMatchObject({ errorCode: "rate_limited", pausedAt: null });
  // Sent again no sooner than the platform said.
  const retries = (await (await getQueue()).findJobs<{ key: string }>(POST_JOB, { data: { key: key! }, queued: true })).filter((job) => job.data.key === key);
  expect(retries).toHaveLength(1);
  expect(retries[0]!.startAfter.getTime()).toBeGreaterThanOrEqual(before + 39_000);
});

it("backs off a failing provider for every worker, and longer when it says so", async () => {
  await social.fault("twitch", 503, { times: 3 });
  const failed = await checkProvider("twitch", await context());
  expect(failed.backedOffUntil!.getTime()).toBeGreaterThan(Date.now());
  const calls = (await social.calls("twitch")).count;
  // Backed off: the next check asks nothing.
  expect((await checkProvider("twitch", await context())).backedOffUntil).not.toBeNull();
  expect((await social.calls("twitch")).count).toBe(calls);

  const db = await getDb();
  await db.delete(providerBackoffs).where(eq(providerBackoffs.provider, "twitch"));
  await social.fault("twitch", 429, { retryAfter: 300, times: 3 });
  const limited = await checkProvider("twitch", await context());
  expect(limited.backedOffUntil!.getTime()).toBeGreaterThanOrEqual(Date.now() + 290_000);
  await db.delete(providerBackoffs).where(eq(providerBackoffs.provider, "twitch"));
  await social.reset();
});

it("pauses a subscription whose channel was deleted, with the reason, until it is saved again", async () => {
  const other = addChannel("old-alerts");
  const subscription = await subscribe(ADA, { channel_id: other });
  await checkProvider("twitch", await context());
  // The channel goes away on the platform; then the streamer goes live.
  const record = platform.emulator.state.guild(guild)!;
  record.channels.splice(record.channels.findIndex((item) => item.id === other), 1);
  await refreshGuildCache(guild);
  await social.live("twitch", ADA.login, true, "Nobody will see this");
  await checkProvider("twitch", await context());
  const db = await getDb();
  await waitFor(async () => (await db.select().from(runStatus).where(eq(runStatus.itemId, subscription)))[0]?.pausedAt != null, 20_000, "the subscription to pause");
  const [status] = await db.select().from(runStatus).where(eq(runStatus.itemId, subscription));
  expect(status!.errorCode).toBe("channel_gone");

  // Paused: later checks leave it alone.
  await social.live("twitch", ADA.login, false);
  await social.live("twitch", ADA.login, true, "Still nobody");
  const paused = await checkProvider("twitch", await context());
  const claimedForIt = await db.select().from(deliveries).where(and(eq(deliveries.itemId, subscription), eq(deliveries.status, "claimed")));
  expect(claimedForIt).toEqual([]);
  expect(paused.subscriptions).toBeGreaterThan(0);

  // Saved again with a channel that exists: it runs again.
  const fresh = addChannel("new-alerts");
  const saved = await pluginCall(ada, "PATCH", `/twitch/guilds/${guild}/streamers/${subscription}`, { body: { channel_id: fresh } });
  expect(saved.status).toBe(200);
  await social.live("twitch", ADA.login, false);
  await social.live("twitch", ADA.login, true, "Back in business");
  await checkProvider("twitch", await context());
  await waitFor(() => posts("Back in business", fresh).length > 0, 20_000, "the resumed alert");
  await social.live("twitch", ADA.login, false);
}, 90_000);

function addChannel(name: string): string {
  const record = platform.emulator.state.guild(guild)!;
  const template = record.channels.find((item) => item.id === channel)!;
  const id = String(BigInt(channel) + BigInt(Math.floor(Math.random() * 1e6) + 1));
  record.channels.push({ ...template, id, name });
  void refreshGuildCache(guild);
  return id;
}
