/** @jest-environment node */
// Social subscriptions store a source (`source_id` + `source_name`, lib/plugins/fields.ts
// sourceField): items saved before, which held only the handle, load as sources and are
// written in the new shape by their next save; a new or changed source is checked with its
// provider before anything is written (checkReferences in lib/plugins/rules.ts).
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { pluginItems } from "@/lib/db/schema";
import { searchSources } from "@/lib/providers/routes";
import { fieldIssue } from "@/lib/validation/server-messages";
import { pluginCall, readBody } from "@/test/api";
import { startEmulatorHarness, type EmulatorHarness } from "@/test/emulator-harness";
import { guildRefs } from "@/test/guild-harness";
import type { CookieJar } from "@/test/route-client";
import { addScratchGuild } from "@/test/scratch-guild";
import { signedInJar } from "@/test/sign-in";
import { startSocialHarness, type SocialHarness } from "@/test/social-harness";

let harness: EmulatorHarness;
let social: SocialHarness;
let ada: CookieJar;
let guild: string;
let channel: string;

beforeAll(async () => {
  process.env.RATE_LIMIT_WRITES_PER_MINUTE = "100000";
  harness = await startEmulatorHarness();
  social = await startSocialHarness();
  guild = addScratchGuild(harness, "workshop", "Social sources");
  ada = await signedInJar(harness);
  ({ channel } = await guildRefs(guild));
});
afterAll(async () => {
  await social.stop();
  await harness.stop();
});

const streamers = () => `/twitch/guilds/${guild}/streamers`;

async function answer(response: Response) {
  return { status: response.status, body: (await readBody(response)) as Record<string, unknown> };
}

async function storedData(id: string) {
  const db = await getDb();
  const [row] = await db.select().from(pluginItems).where(and(eq(pluginItems.guildId, guild), eq(pluginItems.id, id)));
  return row?.data;
}

describe("items saved before sources", () => {
  it("load as a source named by their handle, and are written in the new shape by their next save", async () => {
    const id = randomUUID();
    const db = await getDb();
    await db.insert(pluginItems).values({ id, guildId: guild, pluginId: "twitch", collection: "streamers", position: 0, data: { login: "ada_plays", channel_id: channel, message: "", mention_role_id: null } });

    const list = await answer(await pluginCall(ada, "GET", streamers()));
    expect(list.status).toBe(200);
    const [item] = list.body.items as Array<Record<string, unknown>>;
    expect(item).toMatchObject({ id, source_id: "ada_plays", source_name: "ada_plays", channel_id: channel });
    expect(item).not.toHaveProperty("login");

    const saved = await answer(await pluginCall(ada, "PATCH", `${streamers()}/${id}`, { body: { message: "{streamer} is live!" } }));
    expect(saved.status).toBe(200);
    expect(await storedData(id)).toEqual({ source_id: "ada_plays", source_name: "ada_plays", channel_id: channel, message: "{streamer} is live!", mention_role_id: null });
  });

  it("leaves items already in the new shape as they are", async () => {
    const id = randomUUID();
    const db = await getDb();
    const data = { source_id: "https://blog.example.com/feed.xml", source_name: "Example blog", channel_id: channel, message: "" };
    await db.insert(pluginItems).values({ id, guildId: guild, pluginId: "rss", collection: "subscriptions", position: 0, data });
    const one = await answer(await pluginCall(ada, "GET", `/rss/guilds/${guild}/subscriptions/${id}`));
    expect(one.body).toMatchObject(data);
  });
});

describe("a subscription's source is checked with its provider", () => {
  beforeEach(() => social.reset());

  async function liveStreamer() {
    const [found] = await searchSources("twitch", "ada");
    expect(found).toBeDefined();
    return found!;
  }

  it("stores a known source", async () => {
    const source = await liveStreamer();
    const created = await answer(await pluginCall(ada, "POST", streamers(), { body: { source_id: source.id, source_name: source.display_name, channel_id: channel } }));
    expect(created.status).toBe(201);
    expect(await storedData(created.body.id as string)).toMatchObject({ source_id: source.id });
  });

  it("refuses an unknown source with 400 source_not_found on that field", async () => {
    const refused = await answer(await pluginCall(ada, "POST", streamers(), { body: { source_id: "999999999999", source_name: "Nobody", channel_id: channel } }));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: "validation_failed", fields: [fieldIssue("source_id", "source_not_found")] });
  });

  it("writes nothing while the provider is down (503)", async () => {
    const before = (await answer(await pluginCall(ada, "GET", streamers()))).body.total;
    await social.fault("twitch", 500, { times: 10 });
    const refused = await answer(await pluginCall(ada, "POST", streamers(), { body: { source_id: "424242", source_name: "Someone", channel_id: channel } }));
    expect(refused.status).toBe(503);
    expect(refused.body.code).toBe("provider_unavailable");
    expect((await answer(await pluginCall(ada, "GET", streamers()))).body.total).toBe(before);
  });
});
