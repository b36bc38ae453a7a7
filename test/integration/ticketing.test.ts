/** @jest-environment node */
// Ticket panels and tickets, against the platform emulator: a panel posted with its embed and
// buttons, edited in place, re-posted when its message was deleted on the platform, taken
// down with the panel; refused panels write nothing; the tickets the bot reports (opened,
// claimed, closed with a transcript) listed with filters and keyset pages and read back.
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { USER_IDS } from "@/emulators/platform/data/ids";
import { BOT_AUTH } from "@/emulators/platform/test-helpers";
import { createBotKey } from "@/lib/bot-contract/keys";
import { getDb } from "@/lib/db/client";
import { pluginItems } from "@/lib/db/schema";
import { auditEventsSince, lastAuditId, pluginCall, readBody, type Envelope } from "@/test/api";
import { postEvents } from "@/test/bot-api";
import { startEmulatorHarness, type EmulatorHarness } from "@/test/emulator-harness";
import { guildRefs } from "@/test/guild-harness";
import type { CookieJar } from "@/test/route-client";
import { addScratchGuild, freshSnowflake, setBuffs } from "@/test/scratch-guild";
import { signedInJar } from "@/test/sign-in";

let harness: EmulatorHarness;
let ada: CookieJar;
let guild: string;
let refs: { channel: string; role: string };
let key: string;

beforeAll(async () => {
  process.env.RATE_LIMIT_WRITES_PER_MINUTE = "100000";
  process.env.RATE_LIMIT_READS_PER_MINUTE = "100000";
  harness = await startEmulatorHarness();
  guild = addScratchGuild(harness, "workshop", "Ticket hall");
  // Premium: a free server holds one panel, these tests hold several.
  await setBuffs(guild, ["premium"]);
  ada = await signedInJar(harness);
  refs = await guildRefs(guild);
  key = (await createBotKey(await getDb(), "ticketing test bot", [])).key;
});
afterAll(() => harness.stop());

async function json<T = Record<string, unknown>>(response: Response, expected: number): Promise<T> {
  const body = await readBody(response);
  if (response.status !== expected) throw new Error(`expected ${expected}, got ${response.status}: ${JSON.stringify(body)}`);
  return body as T;
}

const panels = (guildId = guild) => `/ticketing/guilds/${guildId}/panels`;
const panelBody = (extra: Record<string, unknown> = {}) => ({
  title: "Support",
  channel_id: refs.channel,
  embeds: [{ title: "Need help?", description: "Open a ticket in {server.name}." }],
  buttons: [
    { text: "Open a ticket", emoji: "🎫", style: "primary" },
    { text: "Report a member", emoji: "", style: "danger" },
  ],
  support_role_ids: [refs.role],
  ticket_limit: 2,
  form: [{ question: "What do you need?", type: "text", required: true, choices: [] }],
  name_template: "help-{ticket.number}",
  ...extra,
});

type Posted = { message_id: string; channel_id: string; reposted: boolean; item: { message_id: string; version: number } };
type Button = { type: number; style: number; label: string; custom_id: string; emoji?: { name: string } };
const onPlatform = (messageId: string) => harness.emulator.messages(refs.channel).find((message) => message.id === messageId);
const buttonsOf = (messageId: string) => ((onPlatform(messageId)?.components ?? []) as unknown as Array<{ components: Button[] }>).flatMap((row) => row.components);

describe("ticket panels on the platform", () => {
  it("posts the panel with its embed and buttons, edits it in place, and takes it down with the panel", async () => {
    const panel = await json<{ id: string }>(await pluginCall(ada, "POST", panels(), { body: panelBody() }), 201);
    const first = await json<Posted>(await pluginCall(ada, "POST", `${panels()}/${panel.id}/post`), 200);
    expect(first).toMatchObject({ channel_id: refs.channel, reposted: false, item: { message_id: first.message_id } });
    expect(onPlatform(first.message_id)?.embeds).toEqual([expect.objectContaining({ title: "Need help?", description: "Open a ticket in Ticket hall." })]);
    expect(buttonsOf(first.message_id)).toEqual([
      expect.objectContaining({ type: 2, style: 1, label: "Open a ticket", custom_id: `ticket:${panel.id}:0`, emoji: { name: "🎫" } }),
      expect.objectContaining({ type: 2, style: 4, label: "Report a member", custom_id: `ticket:${panel.id}:1` }),
    ]);
    expect(buttonsOf(first.message_id)[1]).not.toHaveProperty("emoji");

    await json(await pluginCall(ada, "PATCH", `${panels()}/${panel.id}`, { body: { buttons: [{ text: "Contact staff", emoji: "📨", style: "success" }] } }), 200);
    const again = await json<Posted>(await pluginCall(ada, "POST", `${panels()}/${panel.id}/post`), 200);
    expect(again).toMatchObject({ message_id: first.message_id, reposted: false });
    expect(onPlatform(first.message_id)?.edited_timestamp).not.toBeNull();
    expect(buttonsOf(first.message_id)).toEqual([expect.objectContaining({ style: 3, label: "Contact staff", custom_id: `ticket:${panel.id}:0`, emoji: { name: "📨" } })]);

    const since = await lastAuditId(ada, guild);
    expect((await pluginCall(ada, "DELETE", `${panels()}/${panel.id}`)).status).toBe(204);
    expect(onPlatform(first.message_id)).toBeUndefined();
    expect((await pluginCall(ada, "GET", `${panels()}/${panel.id}`)).status).toBe(404);
    expect((await auditEventsSince(ada, guild, since)).map((event) => event.action)).toEqual(["item.delete"]);
  });

  it("posts a panel again when its message was deleted on the platform, and says so", async () => {
    const panel = await json<{ id: string }>(await pluginCall(ada, "POST", panels(), { body: panelBody({ title: "Gone" }) }), 201);
    const first = await json<Posted>(await pluginCall(ada, "POST", `${panels()}/${panel.id}/post`), 200);
    const deleted = await fetch(`${harness.emulator.url}/api/v10/channels/${refs.channel}/messages/${first.message_id}`, { method: "DELETE", headers: BOT_AUTH });
    expect(deleted.status).toBe(204);
    const reposted = await json<Posted>(await pluginCall(ada, "POST", `${panels()}/${panel.id}/post`), 200);
    expect(reposted.reposted).toBe(true);
    expect(reposted.message_id).not.toBe(first.message_id);
    expect(reposted.item.message_id).toBe(reposted.message_id);
    expect(buttonsOf(reposted.message_id)).toHaveLength(2);
    // Deleting a panel whose message is gone deletes the panel all the same.
    await fetch(`${harness.emulator.url}/api/v10/channels/${refs.channel}/messages/${reposted.message_id}`, { method: "DELETE", headers: BOT_AUTH });
    expect((await pluginCall(ada, "DELETE", `${panels()}/${panel.id}`)).status).toBe(204);
  });

  it("keeps the panel when the platform fails to take its message down", async () => {
    const panel = await json<{ id: string }>(await pluginCall(ada, "POST", panels(), { body: panelBody({ title: "Kept" }) }), 201);
    const posted = await json<Posted>(await pluginCall(ada, "POST", `${panels()}/${panel.id}/post`), 200);
    harness.emulator.injectFault({ path: "/messages/", method: "DELETE", status: 503, count: 100 });
    const refused = await json<Envelope>(await pluginCall(ada, "DELETE", `${panels()}/${panel.id}`), 502);
    harness.emulator.clearFaults();
    expect(refused.code).toBe("post_failed");
    expect((await pluginCall(ada, "GET", `${panels()}/${panel.id}`)).status).toBe(200);
    expect(onPlatform(posted.message_id)).toBeDefined();
    expect((await pluginCall(ada, "DELETE", `${panels()}/${panel.id}`)).status).toBe(204);
  });

  it("refuses a form of 6 inputs, a button label of 81 characters and a list without choices, in the caller's language, writing nothing", async () => {
    const db = await getDb();
    const stored = async () => (await db.select().from(pluginItems).where(and(eq(pluginItems.guildId, guild), eq(pluginItems.pluginId, "ticketing")))).length;
    const [before, since] = [await stored(), await lastAuditId(ada, guild)];
    const input = { question: "Question", type: "text", required: false, choices: [] };
    const sixInputs = await json<Envelope>(await pluginCall(ada, "POST", panels(), { body: panelBody({ form: Array.from({ length: 6 }, () => input) }) }), 400);
    expect(sixInputs).toMatchObject({ code: "validation_failed", fields: [expect.objectContaining({ path: "form", code: "too_many" })] });
    const longLabel = await json<Envelope>(await pluginCall(ada, "POST", panels(), { body: panelBody({ buttons: [{ text: "x".repeat(81), emoji: "", style: "primary" }] }), headers: { "accept-language": "fr" } }), 400);
    expect(longLabel).toMatchObject({ code: "validation_failed", fields: [expect.objectContaining({ path: "buttons.0.text", code: "too_long" })] });
    expect(longLabel.message).toMatch(/80/);
    const noChoices = await json<Envelope>(await pluginCall(ada, "POST", panels(), { body: panelBody({ form: [{ ...input, type: "select", choices: [] }] }) }), 400);
    expect(noChoices.fields).toEqual([expect.objectContaining({ path: "form.0.choices", code: "required" })]);
    expect(longLabel.message).not.toMatch(/characters|at most/i);
    // The same limits hold for an edit of a saved panel.
    const panel = await json<{ id: string; version: number }>(await pluginCall(ada, "POST", panels(), { body: panelBody({ title: "Limits" }) }), 201);
    const [afterCreate, sinceCreate] = [await stored(), await lastAuditId(ada, guild)];
    expect((await pluginCall(ada, "PATCH", `${panels()}/${panel.id}`, { body: { buttons: [{ text: "y".repeat(81), emoji: "", style: "primary" }] } })).status).toBe(400);
    expect((await pluginCall(ada, "PATCH", `${panels()}/${panel.id}`, { body: { form: Array.from({ length: 6 }, () => input) } })).status).toBe(400);
    expect(await json(await pluginCall(ada, "GET", `${panels()}/${panel.id}`), 200)).toMatchObject({ version: panel.version, buttons: panelBody().buttons });
    expect(await stored()).toBe(afterCreate);
    expect(await auditEventsSince(ada, guild, sinceCreate)).toEqual([]);
    expect(afterCreate).toBe(before + 1);
    expect((await auditEventsSince(ada, guild, since)).map((event) => event.action)).toEqual(["item.create"]);
    await pluginCall(ada, "DELETE", `${panels()}/${panel.id}`);
  });
});

describe("panels saved before panels had embeds and buttons", () => {
  it("read with their description in an embed and their button label on a button, and post that way", async () => {
    const db = await getDb();
    const id = randomUUID();
    await db.insert(pluginItems).values({ id, guildId: guild, pluginId: "ticketing", collection: "panels", position: 99, data: { title: "Old panel", description: "Ask us anything.", channel_id: refs.channel, category_id: null, support_role_ids: [], button_label: "Ask" } });
    expect(await json(await pluginCall(ada, "GET", `${panels()}/${id}`), 200)).toMatchObject({
      title: "Old panel",
      embeds: [{ title: "Old panel", description: "Ask us anything." }],
      buttons: [{ text: "Ask", emoji: "🎫", style: "primary" }],
    });
    const posted = await json<Posted>(await pluginCall(ada, "POST", `${panels()}/${id}/post`), 200);
    expect(buttonsOf(posted.message_id)).toEqual([expect.objectContaining({ label: "Ask", custom_id: `ticket:${id}:0` })]);
    expect((await pluginCall(ada, "DELETE", `${panels()}/${id}`)).status).toBe(204);
  });
});

describe("tickets the bot reports", () => {
  const tickets = (query = "") => `/ticketing/guilds/${ticketGuild}/tickets${query}`;
  let ticketGuild: string;
  let helpPanel: string;
  let reportPanel: string;
  const [opener, other, staff, lead] = [USER_IDS.ada, USER_IDS.bjorn, freshSnowflake(), freshSnowflake()];
  const channels = Array.from({ length: 5 }, () => freshSnowflake());
  const event = (type: string, fields: Record<string, unknown>) => ({ key: `ticket-${randomUUID()}`, type, guild_id: ticketGuild, at: new Date().toISOString(), ...fields });
  const transcript = [
    { id: freshSnowflake(), author_id: opener, author_name: "Ada", content: "My rank card does not show.", at: "2026-11-28T10:00:00.000Z", attachments: [] },
    { id: freshSnowflake(), author_id: staff, author_name: "Helper", content: "Fixed: try again.", at: "2026-11-28T10:05:00.000Z", attachments: ["https://cdn.example.com/shot.png"] },
  ];
  type Results = { results: Array<{ status: string; error?: { code: string } }> };
  type List = { tickets: Array<{ number: number; opener_id: string; panel_id: string | null; status: string; claimed_by: string | null; closed_by: string | null; has_transcript: boolean }>; next_before: number | null };

  beforeAll(async () => {
    ticketGuild = addScratchGuild(harness, "workshop", "Ticket desk");
    await setBuffs(ticketGuild, ["premium"]);
    const deskRefs = await guildRefs(ticketGuild);
    await json(await pluginCall(ada, "PATCH", `/ticketing/config/${ticketGuild}`, { body: { enabled: true } }), 200);
    const create = async (title: string) => (await json<{ id: string }>(await pluginCall(ada, "POST", panels(ticketGuild), { body: { ...panelBody({ title }), channel_id: deskRefs.channel, support_role_ids: [deskRefs.role] } }), 201)).id;
    [helpPanel, reportPanel] = [await create("Help"), await create("Reports")];
    // Five tickets: 1-3 through Help (Ada twice, bjorn once), 4-5 through Reports (bjorn, Ada).
    const opens = [
      [channels[0], helpPanel, opener],
      [channels[1], helpPanel, other],
      [channels[2], helpPanel, opener],
      [channels[3], reportPanel, other],
      [channels[4], reportPanel, opener],
    ] as const;
    const opened = await json<Results>(await postEvents(key, opens.map(([channel_id, panel_id, user_id]) => event("ticket_opened", { channel_id, panel_id, user_id, user_name: user_id === opener ? "Ada" : "bjorn", answers: [{ label: "What do you need?", value: "Help" }] }))), 200);
    expect(opened.results.map((result) => result.status)).toEqual(["applied", "applied", "applied", "applied", "applied"]);
    const later = await json<Results>(
      await postEvents(key, [
        event("ticket_claimed", { channel_id: channels[0], user_id: staff }),
        event("ticket_claimed", { channel_id: channels[3], user_id: lead }),
        event("ticket_claimed", { channel_id: channels[4], user_id: staff }),
        event("ticket_closed", { channel_id: channels[0], user_id: staff, reason: "Solved", transcript }),
        event("ticket_closed", { channel_id: channels[3], user_id: lead, reason: null, transcript: [] }),
      ]),
      200,
    );
    expect(later.results.map((result) => result.status)).toEqual(["applied", "applied", "applied", "applied", "applied"]);
  });

  const numbers = async (query: string) => (await json<List>(await pluginCall(ada, "GET", tickets(query)), 200)).tickets.map((ticket) => ticket.number);

  it("lists them newest first, with each filter and their combinations", async () => {
    expect(await numbers("")).toEqual([5, 4, 3, 2, 1]);
    expect(await numbers(`?opener=${opener}`)).toEqual([5, 3, 1]);
    expect(await numbers(`?panel=${reportPanel}`)).toEqual([5, 4]);
    expect(await numbers(`?claimed_by=${staff}`)).toEqual([5, 1]);
    expect(await numbers(`?closed_by=${lead}`)).toEqual([4]);
    expect(await numbers("?status=open")).toEqual([5, 3, 2]);
    expect(await numbers("?status=closed")).toEqual([4, 1]);
    expect(await numbers(`?opener=${opener}&panel=${helpPanel}&status=open`)).toEqual([3]);
    const [first] = (await json<List>(await pluginCall(ada, "GET", tickets("?status=closed")), 200)).tickets.slice(-1);
    expect(first).toMatchObject({ number: 1, opener_id: opener, panel_id: helpPanel, claimed_by: staff, closed_by: staff, has_transcript: true });
  });

  it("pages by number, the cursor continuing with the filters", async () => {
    const one = await json<List>(await pluginCall(ada, "GET", tickets("?limit=2")), 200);
    expect([one.tickets.map((ticket) => ticket.number), one.next_before]).toEqual([[5, 4], 4]);
    const two = await json<List>(await pluginCall(ada, "GET", tickets(`?limit=2&before=${one.next_before}`)), 200);
    expect([two.tickets.map((ticket) => ticket.number), two.next_before]).toEqual([[3, 2], 2]);
    const three = await json<List>(await pluginCall(ada, "GET", tickets(`?limit=2&before=${two.next_before}`)), 200);
    expect([three.tickets.map((ticket) => ticket.number), three.next_before]).toEqual([[1], null]);
    const mine = await json<List>(await pluginCall(ada, "GET", tickets(`?opener=${opener}&limit=2`)), 200);
    expect([mine.tickets.map((ticket) => ticket.number), mine.next_before]).toEqual([[5, 3], 3]);
    expect(await numbers(`?opener=${opener}&limit=2&before=3`)).toEqual([1]);
  });

  it("refuses a bad filter with a 400 naming it", async () => {
    for (const query of ["?status=lost", "?opener=nobody", "?panel=not-a-panel", "?limit=0", "?before=-1"]) {
      const refused = await json<Envelope>(await pluginCall(ada, "GET", tickets(query)), 400);
      expect(refused.code).toBe("validation_failed");
    }
  });

  it("reads a closed ticket's transcript and answers back", async () => {
    const { ticket } = await json<{ ticket: Record<string, unknown> }>(await pluginCall(ada, "GET", tickets("/1")), 200);
    expect(ticket).toMatchObject({ number: 1, status: "closed", close_reason: "Solved", answers: [{ label: "What do you need?", value: "Help" }], transcript });
    const open = await json<{ ticket: Record<string, unknown> }>(await pluginCall(ada, "GET", tickets("/3")), 200);
    expect(open.ticket).toMatchObject({ status: "open", transcript: null, has_transcript: false });
    expect((await json<Envelope>(await pluginCall(ada, "GET", tickets("/99")), 404)).code).toBe("ticket_not_found");
    // Another guild's numbers are not this one's.
    const elsewhere = addScratchGuild(harness, "workshop");
    expect((await pluginCall(ada, "GET", `/ticketing/guilds/${elsewhere}/tickets/1`)).status).toBe(404);
    expect((await json<List>(await pluginCall(ada, "GET", `/ticketing/guilds/${elsewhere}/tickets`), 200)).tickets).toEqual([]);
  });

  it("applies each report once and refuses what cannot apply, changing nothing", async () => {
    const again = event("ticket_closed", { channel_id: channels[2], user_id: staff, reason: null, transcript });
    const [first, second] = [await json<Results>(await postEvents(key, [again]), 200), await json<Results>(await postEvents(key, [again]), 200)];
    expect([first.results[0]?.status, second.results[0]?.status]).toEqual(["applied", "duplicate"]);
    const refused = await json<Results>(
      await postEvents(key, [
        event("ticket_closed", { channel_id: channels[2], user_id: staff, reason: null, transcript: [] }),
        event("ticket_claimed", { channel_id: freshSnowflake(), user_id: staff }),
        event("ticket_opened", { channel_id: channels[1], panel_id: helpPanel, user_id: other, user_name: null, answers: [] }),
        event("ticket_opened", { channel_id: freshSnowflake(), panel_id: randomUUID(), user_id: other, user_name: null, answers: [] }),
      ]),
      200,
    );
    expect(refused.results.map((result) => result.error?.code)).toEqual(["ticket_closed", "unknown_ticket", "ticket_exists", "unknown_panel"]);
    expect(await numbers("")).toEqual([5, 4, 3, 2, 1]);
    // With Ticketing off, the bot opens no tickets here.
    await json(await pluginCall(ada, "PATCH", `/ticketing/config/${ticketGuild}`, { body: { enabled: false } }), 200);
    const off = await json<Results>(await postEvents(key, [event("ticket_opened", { channel_id: freshSnowflake(), panel_id: null, user_id: other, user_name: null, answers: [] })]), 200);
    expect(off.results[0]).toMatchObject({ status: "refused", error: { code: "plugin_disabled" } });
    await json(await pluginCall(ada, "PATCH", `/ticketing/config/${ticketGuild}`, { body: { enabled: true } }), 200);
  });

  it("refuses a transcript line that breaks the contract, whole batch and all", async () => {
    const bad = await json<Envelope>(await postEvents(key, [event("ticket_closed", { channel_id: channels[4], user_id: staff, reason: null, transcript: [{ ...transcript[0], author_id: "me" }] })]), 400);
    expect(bad.code).toBe("validation_failed");
    expect((await json<{ ticket: { status: string } }>(await pluginCall(ada, "GET", tickets("/5")), 200)).ticket.status).toBe("open");
  });
});
