/** @jest-environment node */
// What the bot counts for the Statistics charts: member_join, member_leave and messages_counted
// events add to the guild's hourly counts (validated, each key once), and the charts read them
// by day in the guild's time zone (the same hours fall on different days in different zones).
import { randomUUID } from "node:crypto";
import { USER_IDS } from "@/emulators/platform/data/ids";
import { createBotKey } from "@/lib/bot-contract/keys";
import { getDb } from "@/lib/db/client";
import { dailyActivity } from "@/lib/plugins/statistics/activity";
import { readBody, type Envelope } from "@/test/api";
import { postEvents } from "@/test/bot-api";
import { startEmulatorHarness, type EmulatorHarness } from "@/test/emulator-harness";
import { addScratchGuild } from "@/test/scratch-guild";

let harness: EmulatorHarness;
let key: string;

beforeAll(async () => {
  harness = await startEmulatorHarness();
  key = (await createBotKey(await getDb(), "statistics test bot", [])).key;
}, 60_000);
afterAll(() => harness.stop());

type Results = { results: Array<{ status: string }> };

async function send(events: unknown[], expected = 200) {
  const response = await postEvents(key, events);
  const body = await readBody(response);
  if (response.status !== expected) throw new Error(`expected ${expected}, got ${response.status}: ${JSON.stringify(body)}`);
  return body;
}

it("counts joins, leaves and messages by hour, once per key, and cuts days in the guild's zone", async () => {
  const guild = addScratchGuild(harness, "workshop", "Counted");
  const event = (type: string, at: string, extra: Record<string, unknown> = {}) => ({ key: `stats-${randomUUID()}`, type, guild_id: guild, at, ...extra });
  const join = event("member_join", "2026-11-20T23:30:00.000Z", { user_id: USER_IDS.bjorn });
  const applied = (await send([
    join,
    event("member_join", "2026-11-21T00:10:00.000Z", { user_id: USER_IDS.chen }),
    event("member_leave", "2026-11-21T09:59:59.000Z", { user_id: USER_IDS.sam }),
    event("messages_counted", "2026-11-20T23:00:00.000Z", { messages: 40 }),
    event("messages_counted", "2026-11-20T23:00:00.000Z", { messages: 2 }),
    event("messages_counted", "2026-11-21T10:00:00.000Z", { messages: 7 }),
  ])) as Results;
  expect(applied.results.map((result) => result.status)).toEqual(["applied", "applied", "applied", "applied", "applied", "applied"]);
  // Sent again under its key: no second count.
  expect(((await send([join])) as Results).results[0]!.status).toBe("duplicate");

  const db = await getDb();
  const now = new Date("2026-11-21T12:00:00.000Z");
  const lastTwo = async (zone: string) => (await dailyActivity(db, guild, zone, now, 30)).slice(-2);
  // UTC: the 23:xx hour is the 20th, the rest the 21st.
  expect(await lastTwo("UTC")).toEqual([
    { day: "2026-11-20", joins: 1, leaves: 0, messages: 42 },
    { day: "2026-11-21", joins: 1, leaves: 1, messages: 7 },
  ]);
  // UTC+14: every hour above is on the 21st (23:00 UTC is 13:00 next day), and noon UTC is already the 22nd there.
  expect(await lastTwo("Pacific/Kiritimati")).toEqual([
    { day: "2026-11-21", joins: 2, leaves: 1, messages: 42 },
    { day: "2026-11-22", joins: 0, leaves: 0, messages: 7 },
  ]);
  // UTC-8: 23:00-09:59 UTC is still the 20th (15:00-01:59 → the 20th and 21st: the leave at 01:59 on the 21st).
  expect(await lastTwo("America/Los_Angeles")).toEqual([
    { day: "2026-11-20", joins: 2, leaves: 0, messages: 42 },
    { day: "2026-11-21", joins: 0, leaves: 1, messages: 7 },
  ]);
  const month = await dailyActivity(db, guild, "Europe/Berlin", now, 30);
  expect(month).toHaveLength(30);
  expect(month[0]!.day).toBe("2026-10-23");
  expect(month.at(-1)!.day).toBe("2026-11-21");
});

it("refuses a message count that is not for a whole hour, or not a positive count, changing nothing", async () => {
  const guild = addScratchGuild(harness, "workshop", "Refused counts");
  const event = (at: string, messages: unknown) => ({ key: `stats-${randomUUID()}`, type: "messages_counted", guild_id: guild, at, messages });
  for (const bad of [event("2026-11-21T10:30:00.000Z", 5), event("2026-11-21T10:00:00.000Z", 0), event("2026-11-21T10:00:00.000Z", 2.5), { ...event("2026-11-21T10:00:00.000Z", 1), user_id: USER_IDS.ada }]) {
    expect(((await send([bad], 400)) as Envelope).code).toBe("validation_failed");
  }
  expect((await dailyActivity(await getDb(), guild, "UTC", new Date("2026-11-21T12:00:00.000Z"), 1))[0]).toEqual({ day: "2026-11-21", joins: 0, leaves: 0, messages: 0 });
});
