/** @jest-environment node */
// The audit log narrowed by plugin, by who made the change and by a range of days
// (GET /api/guilds/{id}/audit-log?plugin=&user=&from=&to=), with its paging.
import { PATCH as patchGuild } from "@/app/api/guilds/[guildId]/route";
import { GET as auditLogRoute } from "@/app/api/guilds/[guildId]/audit-log/route";
import { USER_IDS } from "@/emulators/platform/data/ids";
import { getDb } from "@/lib/db/client";
import { auditEvents } from "@/lib/db/schema";
import { refreshGuildCache } from "@/lib/platform/bot-api";
import { isEnvelope, pluginCall, readBody } from "@/test/api";
import { guildRefs } from "@/test/guild-harness";
import { call, type CookieJar } from "@/test/route-client";
import { addScratchGuild } from "@/test/scratch-guild";
import { signedInJar } from "@/test/sign-in";
import { startEmulatorHarness, type EmulatorHarness } from "@/test/emulator-harness";

type Event = { id: string; user: { id: string; global_name: string | null }; target: string; at: string };
type Page = { events: Event[]; nextBefore: string | null };

let harness: EmulatorHarness;
let ada: CookieJar;
let bjorn: CookieJar;
let guild: string;

const log = (query: string, jar = ada, headers?: Record<string, string>) => call(auditLogRoute, `/api/guilds/${guild}/audit-log?${query}`, { jar, params: { guildId: guild }, ...(headers && { headers }) });
async function page(query: string): Promise<Page> {
  const response = await log(query);
  if (response.status !== 200) throw new Error(`audit log answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as Page;
}
/** Every event of a filtered view, read page by page as the dashboard does. */
async function everyPage(query: string, limit: number): Promise<{ events: Event[]; pages: number }> {
  const events: Event[] = [];
  let before: string | null = null;
  let pages = 0;
  do {
    const next: Page = await page(`${query}&limit=${limit}${before ? `&before=${before}` : ""}`);
    events.push(...next.events);
    before = next.nextBefore;
    pages += 1;
  } while (before);
  return { events, pages };
}
const targets = (events: Event[]) => events.map((event) => event.target);

/** Rows of earlier days, as the writers of the app leave them (nothing in the API can date a change). */
async function insertEvents(rows: Array<{ userId?: string; target: string; at: string }>) {
  const db = await getDb();
  await db.insert(auditEvents).values(rows.map((row) => ({ guildId: guild, userId: row.userId ?? USER_IDS.ada, action: "plugin.update", target: row.target, before: null, after: null, at: new Date(row.at) })));
}

beforeAll(async () => {
  harness = await startEmulatorHarness();
  guild = addScratchGuild(harness, "workshop");
  // Bjørn helps run this copy of the Workshop.
  const state = harness.emulator.state.guild(guild)!;
  state.members.get(USER_IDS.bjorn)!.roles.push(state.roles.find((role) => role.name === "Maintainers")!.id);
  await refreshGuildCache(guild);
  ada = await signedInJar(harness);
  bjorn = await signedInJar(harness, USER_IDS.bjorn);
  const { channel } = await guildRefs(guild);

  // Days in New York: 04:59 UTC on the 10th is still the 9th there (UTC-5 in January).
  const zone = await call(patchGuild, `/api/guilds/${guild}`, { method: "PATCH", jar: ada, params: { guildId: guild }, body: { timezone: "America/New_York" } });
  expect(zone.status).toBe(200);
  await insertEvents([
    { target: "plugin:levels", at: "2024-01-10T04:59:59Z" },
    { target: "plugin:levels", at: "2024-01-10T05:00:00Z" },
    { target: "plugin:moderator", userId: USER_IDS.bjorn, at: "2024-01-11T04:59:59Z" },
    { target: "plugin:levels", at: "2024-01-11T05:00:00Z" },
    // Every kind of target a plugin writes, filed under that plugin.
    { target: "economy-balance:300000000000000001", at: "2024-03-01T12:00:00Z" },
    { target: "economy-balances", at: "2024-03-01T12:00:01Z" },
    { target: "levels-xp", at: "2024-03-01T12:00:02Z" },
    { target: "levels-xp:300000000000000001", at: "2024-03-01T12:00:03Z" },
    { target: "giveaway:0f9e4c1a-2b3d-4e5f-8a9b-0c1d2e3f4a5b", at: "2024-03-01T12:00:04Z" },
    { target: "music:queue", at: "2024-03-01T12:00:05Z" },
    { target: "account-link:twitch", at: "2024-03-01T12:00:06Z" },
    { target: "subscription:7", at: "2024-03-01T12:00:07Z" },
  ]);

  // Today's changes, made through the API: Welcome by both, a timer and Welcome again by Ada.
  const welcome = (jar: CookieJar, message: string) => pluginCall(jar, "PATCH", `/welcome/config/${guild}`, { body: { join_channel_id: channel, join_message: message } });
  for (const [jar, message] of [[ada, "One"], [bjorn, "Two"], [ada, "Three"], [bjorn, "Four"], [ada, "Five"]] as const) expect((await welcome(jar, message)).status).toBe(200);
  expect((await pluginCall(ada, "POST", `/timers/${guild}`, { body: { name: "Water", channel_id: channel, message: "Drink water", interval_minutes: 60 } })).status).toBe(201);
  expect((await welcome(ada, "Six")).status).toBe(200);
});
afterAll(() => harness.stop());

describe("the audit log's filters", () => {
  it("by plugin: a plugin's settings and its items, and nothing else", async () => {
    const { events } = await page("plugin=welcome");
    expect(targets(events)).toEqual(Array(6).fill("plugin:welcome"));
    const timers = await page("plugin=timers");
    expect(targets(timers.events)).toEqual([expect.stringMatching(/^item:timers:timers:/)]);
  });

  it("by plugin: what a plugin writes under targets of its own counts as that plugin's", async () => {
    const only = async (plugin: string) => targets((await page(`plugin=${plugin}&to=2024-12-31`)).events);
    expect(await only("economy")).toEqual(["economy-balances", "economy-balance:300000000000000001"]);
    expect(await only("levels")).toEqual(["levels-xp:300000000000000001", "levels-xp", "plugin:levels", "plugin:levels", "plugin:levels"]);
    expect(await only("giveaways")).toEqual(["giveaway:0f9e4c1a-2b3d-4e5f-8a9b-0c1d2e3f4a5b"]);
    expect(await only("music")).toEqual(["music:queue"]);
    expect(await only("twitch")).toEqual(["account-link:twitch"]);
    // Server settings and billing belong to no plugin.
    expect(await only("moderator")).toEqual(["plugin:moderator"]);
  });

  it("by person: only the changes the user made", async () => {
    const { events } = await page(`user=${USER_IDS.bjorn}`);
    expect(events.map((event) => [event.user.global_name, event.target])).toEqual([
      ["Bjørn", "plugin:welcome"],
      ["Bjørn", "plugin:welcome"],
      ["Bjørn", "plugin:moderator"],
    ]);
    expect((await page(`user=${USER_IDS.chen}`)).events).toEqual([]);
  });

  it("by days: whole days in the guild's time zone, both ends included", async () => {
    const at = async (query: string) => (await page(query)).events.map((event) => event.at);
    expect(await at("from=2024-01-10&to=2024-01-10")).toEqual(["2024-01-11T04:59:59.000Z", "2024-01-10T05:00:00.000Z"]);
    expect(await at("to=2024-01-09")).toEqual(["2024-01-10T04:59:59.000Z"]);
    expect(await at("from=2024-01-11&to=2024-02-29")).toEqual(["2024-01-11T05:00:00.000Z"]);
    // Today's changes (and the time zone's own) come after every dated row.
    expect((await at("from=2024-03-02")).length).toBe(8);
  });

  it("combined, and paged: every page keeps the filters, and the pages add up to the filtered log", async () => {
    const all = (await page(`plugin=welcome&user=${USER_IDS.ada}`)).events;
    expect(all.map((event) => event.user.id)).toEqual(Array(4).fill(USER_IDS.ada));
    const paged = await everyPage(`plugin=welcome&user=${USER_IDS.ada}`, 3);
    expect(paged).toEqual({ events: all, pages: 2 });

    const levels = await everyPage("plugin=levels&from=2024-01-10&to=2024-03-01", 1);
    expect(levels.events.map((event) => event.at)).toEqual(["2024-03-01T12:00:03.000Z", "2024-03-01T12:00:02.000Z", "2024-01-11T05:00:00.000Z", "2024-01-10T05:00:00.000Z"]);
    expect(levels.pages).toBe(4);
    expect(await everyPage(`plugin=moderator&user=${USER_IDS.ada}&from=2024-01-01`, 2)).toEqual({ events: [], pages: 1 });
  });

  it.each([
    ["an unknown plugin", "plugin=nope", "plugin", "invalid_option", "Choisissez l’une des options."],
    ["a user that is not an id", "user=ada", "user", "invalid_id", "Choisissez un élément de la liste."],
    ["a day that does not exist", "from=2024-02-30", "from", "invalid_date", "Saisissez une date (année-mois-jour)."],
    ["a day in another spelling", "to=10/01/2024", "to", "invalid_date", "Saisissez une date (année-mois-jour)."],
    ["a range that ends before it starts", "from=2024-02-02&to=2024-02-01", "to", "date_range_reversed", "Choisissez une date de fin identique ou postérieure à la date de début."],
  ])("refuses %s with a 400 in the caller's language", async (_name, query, path, code, message) => {
    const response = await log(query, ada, { "accept-language": "fr" });
    const body = await readBody(response);
    expect(response.status).toBe(400);
    expect(isEnvelope(body, 400) && body.code === "validation_failed" && body.fields?.map((field) => [field.path, field.code, field.message])).toEqual([[path, code, message]]);
    expect((body as { message: string }).message).toBe(message);
  });
});
