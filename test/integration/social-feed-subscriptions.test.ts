/** @jest-environment node */
// Writing RSS and podcast subscriptions: a feed that cannot be read is refused with 400 and its
// reason on the source field, in the caller's language, on every path that runs the write rules
// (create, update, settings import, audit revert), never a 500; the demo's podcast search lists
// only feeds that read; and one source is followed once per channel.
import { randomUUID } from "node:crypto";
import { GET as exportRoute } from "@/app/api/guilds/[guildId]/settings-export/route";
import { POST as importRoute } from "@/app/api/guilds/[guildId]/settings-import/route";
import { POST as revertRoute } from "@/app/api/guilds/[guildId]/audit-log/[eventId]/revert/route";
import { GET as podcastLatest } from "@/app/api/plugins/podcasts/latest/route";
import { getDb } from "@/lib/db/client";
import { pluginItems } from "@/lib/db/schema";
import { getGuildPickers } from "@/lib/guilds/pickers";
import { searchSources } from "@/lib/providers/routes";
import { issueTextFor } from "@/lib/validation/server-messages";
import { SHOWS } from "@/emulators/social/feeds/catalogue";
import { auditEvents, isEnvelope, pluginCall, readBody, type Envelope } from "@/test/api";
import { call } from "@/test/route-client";
import { scratchGuildForThisBlock } from "@/test/sign-in";
import { socialHarnessForThisBlock } from "@/test/social-harness";

const scratch = scratchGuildForThisBlock("Feed subscriptions");
const social = socialHarnessForThisBlock();
beforeAll(() => {
  process.env.RATE_LIMIT_WRITES_PER_MINUTE = "100000";
});

const feeds = () => `/rss/guilds/${scratch.guild}/subscriptions`;
const podcasts = () => `/podcasts/guilds/${scratch.guild}/subscriptions`;
const fake = (path: string) => `${social.url}${path}`;
const subscription = (source: string, channel = scratch.channel) => ({ source_id: source, source_name: "A feed", channel_id: channel });

async function answer(response: Response) {
  return { status: response.status, body: (await readBody(response)) as Record<string, unknown> };
}

async function refused(response: Response, status: number): Promise<Envelope> {
  const body = await readBody(response);
  expect({ status: response.status, envelope: isEnvelope(body, status) }).toEqual({ status, envelope: true });
  return body as Envelope;
}

/** A second text channel of the scratch guild. */
async function otherChannel(): Promise<string> {
  const other = (await getGuildPickers(scratch.guild)).channels.find((channel) => channel.type === 0 && channel.id !== scratch.channel);
  if (!other) throw new Error("the workshop fixture has one text channel only");
  return other.id;
}

async function removeAll(path: string) {
  const list = (await answer(await pluginCall(scratch.ada, "GET", path))).body.items as Array<{ id: string }>;
  for (const item of list) await pluginCall(scratch.ada, "DELETE", `${path}/${item.id}`);
}

beforeEach(async () => {
  await removeAll(feeds());
  await removeAll(podcasts());
});

describe("a feed that cannot be read is refused with 400 on source_id, not 500", () => {
  test.each([
    ["an internal address", "http://10.0.0.1/feed.xml", "feed_blocked_address"],
    ["a web page announcing no feed", "/feeds/about", "feed_not_a_feed"],
    ["an address the site does not know (404)", "/feeds/missing.xml", "source_not_found"],
    ["a malformed feed", "/feeds/broken.xml", "feed_invalid"],
  ])("create with %s: %s", async (_, address, code) => {
    const source = address.startsWith("/") ? fake(address) : address;
    const body = await refused(await pluginCall(scratch.ada, "POST", feeds(), { body: subscription(source), headers: { "X-Guildhall-Locale": "de" } }), 400);
    const german = issueTextFor("de")(code as never);
    expect(body).toMatchObject({ code: "validation_failed", message: german, fields: [{ path: "source_id", code, message: german }] });
    expect((await answer(await pluginCall(scratch.ada, "GET", feeds()))).body.total).toBe(0);
  });

  it("update onto a broken feed: 400, the item kept as it was", async () => {
    const created = await answer(await pluginCall(scratch.ada, "POST", feeds(), { body: subscription(fake("/feeds/ada-notes.xml")) }));
    expect(created.status).toBe(201);
    const body = await refused(await pluginCall(scratch.ada, "PATCH", `${feeds()}/${created.body.id}`, { body: { source_id: fake("/feeds/broken.xml") } }), 400);
    expect(body.fields).toEqual([expect.objectContaining({ path: "source_id", code: "feed_invalid" })]);
    const kept = await answer(await pluginCall(scratch.ada, "GET", `${feeds()}/${created.body.id}`));
    expect(kept.body.source_id).toBe(fake("/feeds/ada-notes.xml"));
  });

  it("a podcast subscription to a private address: 400 feed_blocked_address", async () => {
    const body = await refused(await pluginCall(scratch.ada, "POST", podcasts(), { body: subscription("http://192.168.1.20/show.xml") }), 400);
    expect(body.fields).toEqual([expect.objectContaining({ path: "source_id", code: "feed_blocked_address" })]);
  });

  it("settings import of a broken feed: 400 naming the item's field in the file", async () => {
    const exported = (await readBody(await call(exportRoute, `/api/guilds/${scratch.guild}/settings-export`, { jar: scratch.ada, params: { guildId: scratch.guild } }))) as Record<string, unknown>;
    const file = { ...exported, collections: { "rss/subscriptions": [{ ...subscription(fake("/feeds/broken.xml")), message: "" }] } };
    const response = await call(importRoute, `/api/guilds/${scratch.guild}/settings-import`, { method: "POST", jar: scratch.ada, params: { guildId: scratch.guild }, body: { file, apply: false } });
    const body = await refused(response, 400);
    expect(body.fields).toEqual([expect.objectContaining({ path: "collections.rss/subscriptions.0.source_id", code: "feed_invalid" })]);
  });

  it("revert of a deleted subscription whose feed is broken now: 400, nothing restored", async () => {
    const id = randomUUID();
    const db = await getDb();
    await db.insert(pluginItems).values({ id, guildId: scratch.guild, pluginId: "rss", collection: "subscriptions", position: 0, data: { ...subscription(fake("/feeds/broken.xml")), message: "" } });
    expect((await pluginCall(scratch.ada, "DELETE", `${feeds()}/${id}`)).status).toBe(204);
    const [deletion] = await auditEvents(scratch.ada, scratch.guild, 1);
    expect(deletion).toMatchObject({ action: "item.delete" });
    const body = await refused(await call(revertRoute, "/x", { method: "POST", jar: scratch.ada, params: { guildId: scratch.guild, eventId: deletion!.id } }), 400);
    expect(body.fields).toEqual([expect.objectContaining({ path: "source_id", code: "feed_invalid" })]);
    expect((await pluginCall(scratch.ada, "GET", `${feeds()}/${id}`)).status).toBe(404);
  });
});

describe("the demo's podcast search lists only feeds that read", () => {
  test.each(SHOWS.map((show) => [show.title]))("%s: listed, its feed reads, and it can be followed", async (title) => {
    const [found] = (await searchSources("podcasts", title)).filter((show) => show.display_name === title);
    expect(found).toBeDefined();
    const latest = await call(podcastLatest, `/api/plugins/podcasts/latest?id=${encodeURIComponent(found!.id)}`, { jar: scratch.ada });
    expect(latest.status).toBe(200);
    const created = await answer(await pluginCall(scratch.ada, "POST", podcasts(), { body: { ...subscription(found!.id), source_name: title } }));
    expect(created.status).toBe(201);
    await pluginCall(scratch.ada, "DELETE", `${podcasts()}/${created.body.id}`);
  });
});

describe("one source is followed once per channel", () => {
  it("refuses the same source in the same channel with 409 duplicate_value on source_id, in the caller's language", async () => {
    const notes = fake("/feeds/ada-notes.xml");
    expect((await pluginCall(scratch.ada, "POST", feeds(), { body: subscription(notes) })).status).toBe(201);
    const body = await refused(await pluginCall(scratch.ada, "POST", feeds(), { body: subscription(notes), headers: { "X-Guildhall-Locale": "fr" } }), 409);
    const french = issueTextFor("fr")("duplicate_source");
    expect(body).toMatchObject({ code: "duplicate_value", message: french, fields: [{ path: "source_id", code: "duplicate_source", message: french }] });
    expect(french).not.toBe(issueTextFor("en")("duplicate_source"));
  });

  it("lets the source post in another channel, and refuses moving it onto a channel that has it", async () => {
    const notes = fake("/feeds/ada-notes.xml");
    const other = await otherChannel();
    expect((await pluginCall(scratch.ada, "POST", feeds(), { body: subscription(notes) })).status).toBe(201);
    const elsewhere = await answer(await pluginCall(scratch.ada, "POST", feeds(), { body: subscription(notes, other) }));
    expect(elsewhere.status).toBe(201);
    const moved = await refused(await pluginCall(scratch.ada, "PATCH", `${feeds()}/${elsewhere.body.id}`, { body: { channel_id: scratch.channel } }), 409);
    expect(moved.fields).toEqual([expect.objectContaining({ path: "source_id", code: "duplicate_source" })]);
    // Its own pair stays its own: saving other fields is no duplicate.
    expect((await pluginCall(scratch.ada, "PATCH", `${feeds()}/${elsewhere.body.id}`, { body: { message: "New: {title}" } })).status).toBe(200);
  });
});
