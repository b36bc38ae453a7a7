/** @jest-environment node */
// Statistics counters: voice channels renamed with the member and online counts, coalesced to
// the platform's two renames per channel per ten minutes (the emulator enforces that limit on
// the same stopped clock as the job), and no call at all while a name would not change.
import { and, eq } from "drizzle-orm";
import { PERMISSIONS } from "@/emulators/platform/permissions";
import { BOT_USER_ID } from "@/emulators/platform/state";
import { getDb } from "@/lib/db/client";
import { runStatus } from "@/lib/db/schema";
import { getGuildPickers } from "@/lib/guilds/pickers";
import type { JobContext } from "@/lib/jobs/job";
import { getQueue } from "@/lib/jobs/queue";
import { refreshGuildCache } from "@/lib/platform/bot-api";
import { updateCountersJob } from "@/lib/plugins/statistics/counters";
import { pluginCall } from "@/test/api";
import { startEmulatorHarness, type EmulatorHarness } from "@/test/emulator-harness";
import type { CookieJar } from "@/test/route-client";
import { addScratchGuild, setBuffs } from "@/test/scratch-guild";
import { signedInJar } from "@/test/sign-in";

let harness: EmulatorHarness;
let ada: CookieJar;
/** The job's and the emulator's stopped clock, set by runAt to minutes after a test's start. */
let clock = Date.now();

beforeAll(async () => {
  harness = await startEmulatorHarness();
  ada = await signedInJar(harness);
  harness.emulator.state.now = () => clock;
}, 60_000);
afterAll(async () => {
  await harness.stop();
});

const MINUTE = 60_000;
const renames = () => harness.callsTo("PATCH /channels/:id");

/** Runs the job at `minutes` past the test's start. */
async function runAt(start: number, minutes: number): Promise<void> {
  clock = start + minutes * MINUTE;
  const context: JobContext = { db: await getDb(), queue: await getQueue(), now: () => new Date(clock) };
  await updateCountersJob.run({}, context);
}

/** A Premium scratch guild whose bot may manage channels, with both counters set on its voice channels. */
async function countersGuild() {
  const guild = addScratchGuild(harness, "workshop", "Counters");
  const record = harness.emulator.state.guild(guild)!;
  const botRole = record.roles.find((role) => role.managed && role.tags?.bot_id === BOT_USER_ID)!;
  botRole.permissions = (BigInt(botRole.permissions) | PERMISSIONS.ManageChannels).toString();
  await setBuffs(guild, ["premium"]);
  const voice = (await getGuildPickers(guild)).channels.filter((channel) => channel.type === 2);
  const members = voice.find((channel) => channel.name === "Lounge")!.id;
  const online = voice.find((channel) => channel.name === "Workbench")!.id;
  const response = await pluginCall(ada, "PATCH", `/statistics/config/${guild}`, { body: { enabled: true, members_counter_channel_id: members, online_counter_channel_id: online } });
  expect(response.status).toBe(200);
  const nameOf = (id: string) => record.channels.find((channel) => channel.id === id)?.name;
  /** The counts change in Discord; the job reads them once the cached guild has expired. */
  const setCounts = (counts: { members?: number; online?: number }) => {
    if (counts.members !== undefined) record.approximate_member_count = counts.members;
    if (counts.online !== undefined) record.approximate_presence_count = counts.online;
    void refreshGuildCache(guild);
  };
  return { guild, record, members, online, nameOf, setCounts };
}

async function logOf(guild: string, counter: string) {
  const [row] = await (await getDb()).select().from(runStatus).where(and(eq(runStatus.guildId, guild), eq(runStatus.pluginId, "statistics"), eq(runStatus.itemId, counter)));
  return row;
}

it("renames each counter once with its count, and makes no call while the names would not change", async () => {
  const { guild, members, online, nameOf, setCounts } = await countersGuild();
  const start = Date.now();
  setCounts({ members: 87, online: 23 });
  const before = renames();
  await runAt(start, 0);
  expect(renames() - before).toBe(2);
  expect(nameOf(members)).toBe("Members: 87");
  expect(nameOf(online)).toBe("Online: 23");
  expect(await logOf(guild, "members_counter")).toMatchObject({ lastChannelId: members, lastPostedAt: new Date(start), nextRunAt: null, errorCode: null });

  await runAt(start, 5);
  await runAt(start, 10);
  expect(renames() - before).toBe(2);

  // Without Premium the counters stand still.
  setCounts({ members: 90 });
  await setBuffs(guild, []);
  await runAt(start, 15);
  expect(renames() - before).toBe(2);
  await setBuffs(guild, ["premium"]);
  await runAt(start, 20);
  expect(nameOf(members)).toBe("Members: 90");
});

it("coalesces changing counts to at most two renames per channel per ten minutes", async () => {
  const { guild, members, nameOf, setCounts } = await countersGuild();
  const start = Date.now();
  const named: Array<[number, string | undefined]> = [];
  const step = async (minutes: number, count: number) => {
    setCounts({ members: count });
    await runAt(start, minutes);
    named.push([minutes, nameOf(members)]);
  };
  const before = renames();
  await step(0, 100);
  await step(1, 101);
  // Renamed twice within ten minutes: later counts wait until the first rename is ten minutes old.
  await step(2, 102);
  await step(5, 103);
  expect((await logOf(guild, "members_counter"))!.nextRunAt).toEqual(new Date(start + 10 * MINUTE));
  await step(10, 104);
  await step(10.5, 105);
  await step(11, 105);
  expect(named).toEqual([
    [0, "Members: 100"],
    [1, "Members: 101"],
    [2, "Members: 101"],
    [5, "Members: 101"],
    [10, "Members: 104"],
    [10.5, "Members: 104"],
    [11, "Members: 105"],
  ]);
  // The online counter was renamed once (its count never changed): five calls in all, none refused.
  expect(renames() - before).toBe(5);
  expect((await logOf(guild, "members_counter"))!.errorCode).toBeNull();
});

it("pauses a counter the bot may not rename, with the reason, until the plugin is saved again", async () => {
  const { guild, record, members, online, nameOf, setCounts } = await countersGuild();
  // The pause comes after the save that set the counters up, and before the one that lifts it.
  const start = Date.now();
  setCounts({ members: 50, online: 5 });
  const workbench = record.channels.find((channel) => channel.id === online)!;
  workbench.permission_overwrites.push({ id: BOT_USER_ID, type: 1, allow: "0", deny: PERMISSIONS.ManageChannels.toString() });
  await runAt(start, 0);
  expect(nameOf(members)).toBe("Members: 50");
  expect(await logOf(guild, "online_counter")).toMatchObject({ errorCode: "missing_permissions", pausedAt: new Date(start) });

  // Paused: no more attempts, though the count changes.
  setCounts({ online: 6 });
  const before = renames();
  await runAt(start, 5);
  expect(renames()).toBe(before);

  // The owner fixes the permission and saves the plugin.
  workbench.permission_overwrites = [];
  expect((await pluginCall(ada, "PATCH", `/statistics/config/${guild}`, { body: { online_counter_format: "Online now: {count}" } })).status).toBe(200);
  await runAt(start, 10);
  expect(nameOf(online)).toBe("Online now: 6");
  expect(await logOf(guild, "online_counter")).toMatchObject({ errorCode: null, pausedAt: null });
});

it("shows the server's boosts in a third counter, renamed as the boosts change", async () => {
  const { guild, record, nameOf } = await countersGuild();
  // A voice channel of its own for the boosts (the other two hold the other counters).
  const boosts = harness.emulator.state.newId();
  record.channels.push({ ...record.channels.find((channel) => channel.name === "Lounge")!, id: boosts, name: "Boosts", position: 99 });
  const start = Date.now();
  record.premium_subscription_count = 7;
  await refreshGuildCache(guild);
  expect((await pluginCall(ada, "PATCH", `/statistics/config/${guild}`, { body: { boosts_counter_channel_id: boosts, boosts_counter_format: "🚀 {count} boosts" } })).status).toBe(200);
  await runAt(start, 0);
  expect(nameOf(boosts)).toBe("🚀 7 boosts");
  record.premium_subscription_count = 8;
  await refreshGuildCache(guild);
  await runAt(start, 5);
  expect(nameOf(boosts)).toBe("🚀 8 boosts");
  expect(await logOf(guild, "boosts_counter")).toMatchObject({ lastChannelId: boosts, errorCode: null });
});
