/** @jest-environment node */
// Birthdays are announced by themselves: on the member's day in the member's time zone, once
// the local hour reaches the plugin's, once a year, with the birthday role until the day ends.
// The sweep runs with a stopped clock (years ahead, so the role's removal stays queued); two
// workers post what it claims.
import { and, eq } from "drizzle-orm";
import { USER_IDS } from "@/emulators/platform/data/ids";
import { getDb } from "@/lib/db/client";
import { deliveries, memberBirthdays, runStatus } from "@/lib/db/schema";
import { postDeliveryJob } from "@/lib/deliveries/post";
import { getGuildPickers } from "@/lib/guilds/pickers";
import type { JobContext } from "@/lib/jobs/job";
import { getQueue } from "@/lib/jobs/queue";
import { sweepBirthdaysJob } from "@/lib/plugins/birthdays/announce";
import { birthdayRoleJob, ROLE_JOB } from "@/lib/plugins/birthdays/role";
import { pluginCall } from "@/test/api";
import { startEmulatorHarness, type EmulatorHarness } from "@/test/emulator-harness";
import type { CookieJar } from "@/test/route-client";
import { addRole, addScratchGuild } from "@/test/scratch-guild";
import { signedInJar } from "@/test/sign-in";
import { startTwoWorkers } from "@/test/two-workers";
import { waitFor } from "@/test/wait-for";

let harness: EmulatorHarness;
let ada: CookieJar;
let workers: { stop: () => Promise<void> };

beforeAll(async () => {
  harness = await startEmulatorHarness();
  ada = await signedInJar(harness);
  workers = await startTwoWorkers([postDeliveryJob, birthdayRoleJob]);
}, 60_000);
afterAll(async () => {
  await workers.stop();
  await harness.stop();
});

async function sweepAt(iso: string, times = 1): Promise<void> {
  const context: JobContext = { db: await getDb(), queue: await getQueue(), now: () => new Date(iso) };
  for (let i = 0; i < times; i++) await sweepBirthdaysJob.run({}, context);
}

/** A scratch guild with the plugin on, announcing in #general at 9 (plugin zone UTC unless `config` says). */
async function birthdaysGuild(config: Record<string, unknown> = {}) {
  const guild = addScratchGuild(harness, "workshop", "Birthdays");
  const channels = (await getGuildPickers(guild)).channels;
  const general = channels.find((channel) => channel.name === "general")!.id;
  const offTopic = channels.find((channel) => channel.name === "off-topic")!.id;
  const body = { enabled: true, announcement_channel_id: general, announcement_hour: 9, timezone: "UTC", ...config };
  const response = await pluginCall(ada, "PATCH", `/birthdays/config/${guild}`, { body });
  expect(response.status).toBe(200);
  return { guild, general, offTopic };
}

async function born(guild: string, userId: string, birth: { month: number; day: number; year?: number; timeZone?: string }): Promise<void> {
  await (await getDb()).insert(memberBirthdays).values({ guildId: guild, userId, month: birth.month, day: birth.day, year: birth.year ?? null, timeZone: birth.timeZone ?? null });
}

const posts = (channel: string) => harness.emulator.messages(channel).filter((message) => message.author.id === process.env.DISCORD_CLIENT_ID);
const keysOf = async (guild: string) => (await (await getDb()).select({ key: deliveries.key }).from(deliveries).where(eq(deliveries.guildId, guild))).map((row) => row.key).sort();

async function logRow(guild: string) {
  const [row] = await (await getDb()).select().from(runStatus).where(and(eq(runStatus.guildId, guild), eq(runStatus.pluginId, "birthdays"), eq(runStatus.itemId, "")));
  return row;
}

it("announces each member on their day in their own zone once the hour has come, once a year, with the role until the day ends", async () => {
  const { guild, general } = await birthdaysGuild({ show_age: true, announcement_message: "Happy birthday {user}! {age}" });
  const role = addRole(harness, guild, { name: "Birthday" });
  expect((await pluginCall(ada, "PATCH", `/birthdays/config/${guild}`, { body: { birthday_role_id: role } })).status).toBe(200);
  await born(guild, USER_IDS.bjorn, { month: 3, day: 10, year: 1990, timeZone: "Asia/Tokyo" });
  // No zone of his own: the plugin's (UTC).
  await born(guild, USER_IDS.chen, { month: 3, day: 10 });

  // 08:30 on the 10th in Tokyo: his day, not yet his hour.
  await sweepAt("2031-03-09T23:30:00Z");
  expect(await keysOf(guild)).toEqual([]);

  // 09:30 in Tokyo, 00:30 in UTC: Björn only, once however often the sweep runs.
  await sweepAt("2031-03-10T00:30:00Z", 2);
  await waitFor(() => posts(general).length === 1, 20_000, "Björn's announcement");
  expect(posts(general)[0]).toMatchObject({ content: `Happy birthday <@${USER_IDS.bjorn}>! 41`, mentions: [expect.objectContaining({ id: USER_IDS.bjorn })] });
  expect(await keysOf(guild)).toEqual([`birthdays:${guild}:${USER_IDS.bjorn}:2031`]);
  await waitFor(() => harness.emulator.state.guild(guild)!.members.get(USER_IDS.bjorn)!.roles.includes(role), 20_000, "the birthday role");
  // Taken back at his midnight, in Tokyo.
  const removal = (await (await getQueue()).findJobs<{ guildId: string; userId: string; give: boolean }>(ROLE_JOB, { queued: true })).filter((job) => job.data.guildId === guild && job.data.userId === USER_IDS.bjorn && !job.data.give);
  expect(removal.map((job) => job.startAfter.toISOString())).toEqual(["2031-03-10T15:00:00.000Z"]);

  // 09:15 UTC: Chen's hour (no birth year, so no age); Björn was announced already.
  await sweepAt("2031-03-10T09:15:00Z");
  await waitFor(() => posts(general).length === 2, 20_000, "Chen's announcement");
  expect(posts(general)[1]!.content).toBe(`Happy birthday <@${USER_IDS.chen}>! `);

  // The 11th in Tokyo: Björn's day is over; Chen's day goes on without a second announcement.
  await sweepAt("2031-03-10T16:00:00Z");
  // A year later, again.
  await sweepAt("2032-03-10T00:30:00Z");
  await waitFor(() => posts(general).length === 3, 20_000, "next year's announcement");
  expect(posts(general)[2]!.content).toBe(`Happy birthday <@${USER_IDS.bjorn}>! 42`);
  expect(await keysOf(guild)).toEqual([`birthdays:${guild}:${USER_IDS.bjorn}:2031`, `birthdays:${guild}:${USER_IDS.bjorn}:2032`, `birthdays:${guild}:${USER_IDS.chen}:2031`].sort());
  expect(await logRow(guild)).toMatchObject({ errorCode: null, lastChannelId: general });
}, 60_000);

it("celebrates 29 February on the 28th outside leap years, once, and on the 29th in leap years", async () => {
  const { guild, general } = await birthdaysGuild();
  await born(guild, USER_IDS.dani, { month: 2, day: 29, timeZone: "Europe/Paris" });
  await sweepAt("2031-02-28T08:30:00Z");
  await waitFor(() => posts(general).length === 1, 20_000, "the announcement on the 28th");
  // The default message, in the guild's language.
  expect(posts(general)[0]!.content).toBe(`Happy birthday <@${USER_IDS.dani}>! 🎂`);
  await sweepAt("2031-03-01T09:00:00Z");
  await sweepAt("2032-02-28T09:00:00Z");
  expect(await keysOf(guild)).toEqual([`birthdays:${guild}:${USER_IDS.dani}:2031`]);
  await sweepAt("2032-02-29T09:00:00Z");
  expect(await keysOf(guild)).toEqual([`birthdays:${guild}:${USER_IDS.dani}:2031`, `birthdays:${guild}:${USER_IDS.dani}:2032`]);
});

it("pauses announcements when their channel is deleted, until the plugin is saved again", async () => {
  const { guild, general, offTopic } = await birthdaysGuild();
  await born(guild, USER_IDS.sam, { month: 6, day: 1 });
  await born(guild, USER_IDS.dani, { month: 6, day: 2 });
  const workshop = harness.emulator.state.guild(guild)!;
  workshop.channels = workshop.channels.filter((channel) => channel.id !== general);

  await sweepAt("2031-06-01T10:00:00Z");
  await waitFor(async () => (await logRow(guild))?.pausedAt != null, 20_000, "the announcements to pause");
  expect((await logRow(guild))!.errorCode).toBe("channel_gone");
  await sweepAt("2031-06-02T10:00:00Z");
  expect(await keysOf(guild)).toEqual([`birthdays:${guild}:${USER_IDS.sam}:2031`]);

  expect((await pluginCall(ada, "PATCH", `/birthdays/config/${guild}`, { body: { announcement_channel_id: offTopic } })).status).toBe(200);
  await sweepAt("2031-06-02T10:15:00Z");
  await waitFor(() => posts(offTopic).length === 1, 20_000, "the announcement in the new channel");
  // The status row is written after the post lands on the platform.
  await waitFor(async () => (await logRow(guild))?.pausedAt == null, 20_000, "the pause to lift");
  expect(await logRow(guild)).toMatchObject({ errorCode: null, pausedAt: null });
});

it("says in the delivery log when the bot cannot give the birthday role, without pausing the announcements", async () => {
  const { guild } = await birthdaysGuild();
  const role = addRole(harness, guild, { name: "Birthday" });
  // Moved above the bot's own role in Discord after it was chosen.
  const record = harness.emulator.state.guild(guild)!.roles.find((candidate) => candidate.id === role)!;
  record.position = 100;
  await birthdayRoleJob.run({ guildId: guild, userId: USER_IDS.sam, roleId: role, give: true }, { db: await getDb(), queue: await getQueue(), now: () => new Date() });
  expect(await logRow(guild)).toMatchObject({ errorCode: "role_not_assignable", errorValues: { role }, pausedAt: null });
  expect(harness.emulator.state.guild(guild)!.members.get(USER_IDS.sam)!.roles).not.toContain(role);
});
