/** @jest-environment node */
// Special plugin endpoints that talk to the platform: timer previews, sending saved
// embeds and posting reaction-role messages (through the emulator), and how they answer
// when the platform rate-limits or fails.
import { makeRole } from "@/emulators/platform/fixtures";
import { USER_IDS } from "@/emulators/platform/data/ids";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { pluginItems } from "@/lib/db/schema";
import { refreshGuildCache } from "@/lib/platform/bot-api";
import { auditEventsSince, lastAuditId, pluginCall, readBody } from "@/test/api";
import { startEmulatorHarness, type EmulatorHarness } from "@/test/emulator-harness";
import { GUILD_IDS, guildRefs } from "@/test/guild-harness";
import type { CookieJar } from "@/test/route-client";
import { addScratchGuild, freshSnowflake } from "@/test/scratch-guild";
import { signedInJar } from "@/test/sign-in";
import { fieldIssue } from "@/lib/validation/server-messages";

let harness: EmulatorHarness;
let ada: CookieJar;
let guild: string;
let refs: { channel: string; role: string; emoji: string };
const GUILD_NAME = "Posting workshop";

beforeAll(async () => {
  process.env.RATE_LIMIT_WRITES_PER_MINUTE = "100000";
  harness = await startEmulatorHarness();
  guild = addScratchGuild(harness, "workshop", GUILD_NAME);
  ada = await signedInJar(harness);
  refs = await guildRefs(guild);
});
afterEach(() => harness.emulator.clearFaults());
afterAll(() => harness.stop());

async function json(response: Response, expected: number): Promise<Record<string, unknown>> {
  const body = await readBody(response);
  if (response.status !== expected) throw new Error(`expected ${expected}, got ${response.status}: ${JSON.stringify(body)}`);
  return body as Record<string, unknown>;
}

const create = async (path: string, body: unknown) => json(await pluginCall(ada, "POST", path, { body }), 201);
const read = async (path: string) => json(await pluginCall(ada, "GET", path), 200);
/** A saved embed message: one embed, as the embed builder stores it. */
const embedBody = (name: string, embed: Record<string, unknown> = { title: name }, extra: Record<string, unknown> = {}) => ({ name, embeds: [embed], ...extra });

describe("timer preview", () => {
  it("renders a saved timer's message against the guild, the user and the channel, and posts it there", async () => {
    const timer = await create(`/timers/${guild}`, { name: "Hello", channel_id: refs.channel, message: "Welcome to {server.name}, {user.mention}! See <#123456789012345678> in {channel}. {nope}" });
    const preview = await json(await pluginCall(ada, "POST", `/timers/${guild}/${timer.id}/preview`), 200);
    expect(preview.content).toMatch(new RegExp(`^Welcome to ${GUILD_NAME}, <@\\d{17,20}>! See <#123456789012345678> in <#${refs.channel}>\\. \\{nope\\}$`));
    expect(preview.content).not.toContain("{server.name}");
    expect(preview.channel_id).toBe(refs.channel);
    const posted = harness.emulator.messages(refs.channel).find((message) => message.id === preview.message_id);
    expect(posted?.content).toBe(preview.content);
    // The user mention is shown, nobody is pinged.
    expect(posted?.mentions).toEqual([]);
    // A preview changes nothing of the timer.
    expect(await read(`/timers/${guild}/${timer.id}`)).toMatchObject({ version: 1 });
  });

  it("posts the preview as an embed when the plugin posts embeds", async () => {
    const other = addScratchGuild(harness, "workshop", "Embed timers");
    const channel = (await guildRefs(other)).channel;
    await json(await pluginCall(ada, "PATCH", `/timers/config/${other}`, { body: { use_embeds: true, embed_color: 0x3366ff } }), 200);
    const timer = await create(`/timers/${other}`, { name: "Boxed", channel_id: channel, message: "Hello {server.name}" });
    const preview = await json(await pluginCall(ada, "POST", `/timers/${other}/${timer.id}/preview`), 200);
    const posted = harness.emulator.messages(channel).find((message) => message.id === preview.message_id);
    expect(posted?.content).toBe("");
    expect(posted?.embeds).toEqual([expect.objectContaining({ description: "Hello Embed timers", color: 0x3366ff })]);
  });

  it("is a 404 for another guild's timer", async () => {
    const timer = await create(`/timers/${guild}`, { name: "Mine", channel_id: refs.channel, message: "Hi" });
    const other = addScratchGuild(harness, "workshop");
    const response = await pluginCall(ada, "POST", `/timers/${other}/${timer.id}/preview`);
    expect(response.status).toBe(404);
    expect(((await readBody(response)) as { code: string }).code).toBe("item_not_found");
  });

  it("previews unsaved text and checks its size", async () => {
    const preview = await json(await pluginCall(ada, "POST", `/timers/${guild}/preview`, { body: { message: "{server.name} in {channel.name}", channel_id: refs.channel } }), 200);
    expect(preview.content).toMatch(new RegExp(`^${GUILD_NAME} in \\S+`));
    expect((await pluginCall(ada, "POST", `/timers/${guild}/preview`, { body: { message: "x".repeat(2001) } })).status).toBe(400);
  });
});

describe("embed send", () => {
  const base = () => `/guild_embeds/guilds/${guild}/embeds`;

  it("posts the embed, edits it on the next send, and stores the message id with an audit entry", async () => {
    const embed = await create(base(), embedBody("Rules", { title: "Rules", description: "Be kind @everyone", fields: [{ name: "One", value: "No spam", inline: false }] }, { channel_id: refs.channel }));
    const since = await lastAuditId(ada, guild);
    const first = await json(await pluginCall(ada, "POST", `${base()}/${embed.id}/send`, { body: {} }), 200);
    const messages = harness.emulator.messages(refs.channel);
    const posted = messages.find((message) => message.id === first.message_id);
    expect(posted?.embeds[0]).toMatchObject({ title: "Rules", description: "Be kind @everyone", fields: [{ name: "One", value: "No spam" }] });
    expect(posted?.mention_everyone).toBe(false);
    const stored = await read(`${base()}/${embed.id}`);
    expect(stored).toMatchObject({ message_id: first.message_id, channel_id: refs.channel, version: 2 });
    const events = await auditEventsSince(ada, guild, since);
    expect(events.map((event) => event.action)).toEqual(["item.update"]);
    expect(events[0]!.after).toMatchObject({ message_id: first.message_id });

    await json(await pluginCall(ada, "PATCH", `${base()}/${embed.id}`, { body: { embeds: [{ title: "Rules v2" }] } }), 200);
    const second = await json(await pluginCall(ada, "POST", `${base()}/${embed.id}/send`, { body: {} }), 200);
    expect(second.message_id).toBe(first.message_id);
    const after = harness.emulator.messages(refs.channel).filter((message) => message.id === first.message_id);
    expect(after).toHaveLength(1);
    expect(after[0]!.embeds[0]!.title).toBe("Rules v2");
    expect(after[0]!.edited_timestamp).not.toBeNull();
    expect(harness.emulator.messages(refs.channel)).toHaveLength(messages.length);
  });

  it("answers 409 item_outdated, not a 500, for an embed saved in an older shape", async () => {
    // Its own guild: the free limit of 5 embeds is spent by the other cases.
    const other = addScratchGuild(harness, "workshop", "Outdated embeds");
    const channel = (await guildRefs(other)).channel;
    const path = `/guild_embeds/guilds/${other}/embeds`;
    const embed = await create(path, embedBody("Old shape", { title: "Old shape" }, { channel_id: channel }));
    const db = await getDb();
    // The shape guild_embeds items had before the embed builder: one flat embed.
    await db.update(pluginItems).set({ data: { title: "Old shape", description: "", channel_id: channel } }).where(eq(pluginItems.id, String(embed.id)));
    const answer = await json(await pluginCall(ada, "POST", `${path}/${embed.id}/send`, { body: {} }), 409);
    expect(answer.code).toBe("item_outdated");
    expect((answer.fields as { path: string }[]).map((field) => field.path)).toEqual(expect.arrayContaining(["name", "embeds"]));
    expect(harness.emulator.messages(channel)).toHaveLength(0);
  });

  it("posts a new message when the one sent before is gone", async () => {
    const embed = await create(base(), embedBody("Phoenix", undefined, { channel_id: refs.channel }));
    const first = await json(await pluginCall(ada, "POST", `${base()}/${embed.id}/send`, { body: {} }), 200);
    expect(harness.emulator.state.messages.remove(refs.channel, first.message_id as string)).toBe(true);
    const second = await json(await pluginCall(ada, "POST", `${base()}/${embed.id}/send`, { body: {} }), 200);
    expect(second.message_id).not.toBe(first.message_id);
    expect(harness.emulator.messages(refs.channel).some((message) => message.id === second.message_id)).toBe(true);
    expect((await read(`${base()}/${embed.id}`)).message_id).toBe(second.message_id);
  });

  it("refuses a send without a channel or to a channel of another guild", async () => {
    const embed = await create(base(), embedBody("Nowhere"));
    const none = await pluginCall(ada, "POST", `${base()}/${embed.id}/send`, { body: {} });
    expect(none.status).toBe(400);
    const foreign = (await guildRefs(GUILD_IDS.nightOwls)).channel;
    const elsewhere = await pluginCall(ada, "POST", `${base()}/${embed.id}/send`, { body: { channel_id: foreign } });
    expect(elsewhere.status).toBe(400);
    expect(((await readBody(elsewhere)) as { code: string }).code).toBe("invalid_channel");
  });

  it("answers 502 post_failed and leaves the item unchanged when the platform keeps failing", async () => {
    const embed = await create(base(), embedBody("Flaky", undefined, { channel_id: refs.channel }));
    const before = await read(`${base()}/${embed.id}`);
    const count = harness.emulator.messages(refs.channel).length;
    harness.emulator.injectFault({ path: `/channels/${refs.channel}/messages`, method: "POST", status: 500, count: 5 });
    const response = await pluginCall(ada, "POST", `${base()}/${embed.id}/send`, { body: {} });
    const body = (await readBody(response)) as { code: string; message: string };
    expect(response.status).toBe(502);
    expect(body.code).toBe("post_failed");
    expect(body.message).toMatch(/^Discord did not accept the message: /);
    expect(await read(`${base()}/${embed.id}`)).toEqual(before);
    expect(harness.emulator.messages(refs.channel)).toHaveLength(count);
  });

  it("answers 403 bot_missing_permissions when the bot cannot send in the channel", async () => {
    const embed = await create(base(), embedBody("Locked", undefined, { channel_id: refs.channel }));
    const { channel } = harness.emulator.state.channel(refs.channel)!;
    const botRole = harness.emulator.state.guild(guild)!.roles.find((role) => role.tags?.bot_id === USER_IDS.bot)!;
    const saved = channel.permission_overwrites;
    // SEND_MESSAGES denied to the bot's role in this channel.
    channel.permission_overwrites = [...saved, { id: botRole.id, type: 0, allow: "0", deny: String(1 << 11) }];
    try {
      const response = await pluginCall(ada, "POST", `${base()}/${embed.id}/send`, { body: {} });
      expect(response.status).toBe(403);
      expect(((await readBody(response)) as { code: string }).code).toBe("bot_missing_permissions");
      expect((await read(`${base()}/${embed.id}`)).message_id).toBeNull();
    } finally {
      channel.permission_overwrites = saved;
    }
  });
});

describe("reaction roles post", () => {
  const base = () => `/reaction_roles/guilds/${guild}/messages`;

  it("posts the message with a reaction per pair and stores the message id", async () => {
    const blue = harness.emulator.state.guild(guild)!.emojis.find((emoji) => emoji.name === "blue")!;
    const item = await create(base(), { channel_id: refs.channel, message: "Pick a colour, @everyone", pairs: [{ emoji: "🔴", role_id: refs.role }, { emoji: `<:blue:${blue.id}>`, role_id: refs.role }] });
    expect(item.message_id).toBeNull();
    const result = await json(await pluginCall(ada, "POST", `${base()}/${item.id}/post`), 200);
    const posted = harness.emulator.messages(refs.channel).find((message) => message.id === result.message_id);
    expect(posted?.content).toBe("Pick a colour, @everyone");
    expect(posted?.mention_everyone).toBe(false);
    expect(posted?.reactions?.map((reaction) => reaction.emoji.name ?? reaction.emoji.id).sort()).toEqual(["blue", "🔴"].sort());
    expect((await read(`${base()}/${item.id}`)).message_id).toBe(result.message_id);
  });

  it("refuses to save a pair whose role sits above the bot's highest role", async () => {
    const state = harness.emulator.state.guild(guild)!;
    const high = freshSnowflake();
    state.roles.push(makeRole(high, { name: "Admins above the bot", color: 0, permissions: [] }, 500));
    await refreshGuildCache(guild);
    const response = await pluginCall(ada, "POST", base(), { body: { channel_id: refs.channel, message: "Too high", pairs: [{ emoji: "🔴", role_id: high }] } });
    const body = (await readBody(response)) as { code: string; fields: Array<{ path: string; message: string }> };
    expect(response.status).toBe(400);
    expect(body.code).toBe("validation_failed");
    expect(body.fields).toEqual([fieldIssue("pairs.0.role_id", "role_above_bot")]);
  });

  it("refuses to post when a saved pair's role was moved above the bot since, before posting anything", async () => {
    const state = harness.emulator.state.guild(guild)!;
    const moving = freshSnowflake();
    state.roles.push(makeRole(moving, { name: "Moved above the bot", color: 0, permissions: [] }, 1));
    await refreshGuildCache(guild);
    const item = await create(base(), { channel_id: refs.channel, message: "Moved", pairs: [{ emoji: "🔴", role_id: moving }, { emoji: "🟢", role_id: refs.role }] });
    state.roles.find((role) => role.id === moving)!.position = 500;
    await refreshGuildCache(guild);
    const count = harness.emulator.messages(refs.channel).length;
    const response = await pluginCall(ada, "POST", `${base()}/${item.id}/post`);
    const body = (await readBody(response)) as { code: string; message: string; fields: Array<{ path: string; message: string }> };
    expect(response.status).toBe(400);
    expect(body.code).toBe("role_not_assignable");
    expect(body.message).toContain("Moved above the bot");
    expect(body.fields).toEqual([fieldIssue("pairs.0.role_id", "role_above_bot")]);
    expect(harness.emulator.messages(refs.channel)).toHaveLength(count);
    expect((await read(`${base()}/${item.id}`)).message_id).toBeNull();
  });
});

describe("reaction roles post: rendering and re-posting", () => {
  const base = () => `/reaction_roles/guilds/${guild}/messages`;
  const emojiOf = (message: { reactions?: Array<{ emoji: { id: string | null; name: string | null }; me: boolean }> } | undefined) =>
    (message?.reactions ?? []).filter((reaction) => reaction.me).map((reaction) => reaction.emoji.name ?? reaction.emoji.id).sort();

  it("renders the message's template variables against the guild before posting", async () => {
    const item = await create(base(), { channel_id: refs.channel, message: "Roles of {server.name} in {channel}: {nope}", pairs: [{ emoji: "🔴", role_id: refs.role }] });
    const result = await json(await pluginCall(ada, "POST", `${base()}/${item.id}/post`), 200);
    const posted = harness.emulator.messages(refs.channel).find((message) => message.id === result.message_id);
    expect(posted?.content).toBe(`Roles of ${GUILD_NAME} in <#${refs.channel}>: {nope}`);
    // The stored text keeps its variables.
    expect((await read(`${base()}/${item.id}`)).message).toBe("Roles of {server.name} in {channel}: {nope}");
  });

  it("re-posting edits the message and makes the bot's reactions follow the pairs", async () => {
    const item = await create(base(), { channel_id: refs.channel, message: "First", pairs: [{ emoji: "🔴", role_id: refs.role }, { emoji: "🟢", role_id: refs.role }] });
    const first = await json(await pluginCall(ada, "POST", `${base()}/${item.id}/post`), 200);
    expect(first.item).toMatchObject({ message_id: first.message_id, version: 2 });
    await json(await pluginCall(ada, "PATCH", `${base()}/${item.id}`, { body: { message: "Second", pairs: [{ emoji: "🟢", role_id: refs.role }, { emoji: "🔵", role_id: refs.role }] } }), 200);
    const count = harness.emulator.messages(refs.channel).length;
    const second = await json(await pluginCall(ada, "POST", `${base()}/${item.id}/post`), 200);
    expect(second.message_id).toBe(first.message_id);
    expect(harness.emulator.messages(refs.channel)).toHaveLength(count);
    const posted = harness.emulator.messages(refs.channel).find((message) => message.id === first.message_id);
    expect(posted?.content).toBe("Second");
    expect(emojiOf(posted)).toEqual(["🔵", "🟢"].sort());
  });
});

describe("platform rate limits and failures on post, send and preview", () => {
  // Each case gets a guild (so channels) of its own: the REST client remembers a channel's
  // rate limit, which must not leak into other tests.
  type Case = { name: string; setup: (guildId: string, channel: string, role: string) => Promise<{ path: string; item: string }> };
  const cases: Case[] = [
    {
      name: "timer preview",
      setup: async (guildId, channel) => {
        const timer = await create(`/timers/${guildId}`, { name: "Limited", channel_id: channel, message: "Tick" });
        return { path: `/timers/${guildId}/${timer.id}/preview`, item: `/timers/${guildId}/${timer.id}` };
      },
    },
    {
      name: "embed send",
      setup: async (guildId, channel) => {
        const embed = await create(`/guild_embeds/guilds/${guildId}/embeds`, embedBody("Limited", undefined, { channel_id: channel }));
        return { path: `/guild_embeds/guilds/${guildId}/embeds/${embed.id}/send`, item: `/guild_embeds/guilds/${guildId}/embeds/${embed.id}` };
      },
    },
    {
      name: "reaction-role post",
      setup: async (guildId, channel, role) => {
        const item = await create(`/reaction_roles/guilds/${guildId}/messages`, { channel_id: channel, message: "Limited", pairs: [{ emoji: "🔴", role_id: role }] });
        return { path: `/reaction_roles/guilds/${guildId}/messages/${item.id}/post`, item: `/reaction_roles/guilds/${guildId}/messages/${item.id}` };
      },
    },
  ];

  async function prepared(testCase: Case) {
    const guildId = addScratchGuild(harness, "workshop", "Rate limited");
    const { channel, role } = await guildRefs(guildId);
    return { channel, ...(await testCase.setup(guildId, channel, role)) };
  }

  it.each(cases)("$name: a long platform 429 answers 429 rate_limited with Retry-After, posts nothing and keeps the item", async (testCase) => {
    const { channel, path, item } = await prepared(testCase);
    const before = await read(item);
    harness.emulator.injectFault({ path: `/channels/${channel}/messages`, method: "POST", status: 429, retry_after: 42, count: 1 });
    const response = await pluginCall(ada, "POST", path, { body: {} });
    const body = (await readBody(response)) as { code: string; status_code: number; message: string; error: { message: string } };
    expect(response.status).toBe(429);
    expect(response.headers.get("Retry-After")).toBe("42");
    expect(body).toMatchObject({ code: "rate_limited", status_code: 429 });
    expect(body.message).toBe("Discord is rate limiting the bot. Nothing was posted; try again in 42 seconds.");
    expect(body.error.message).toBe(body.message);
    expect(harness.emulator.messages(channel)).toHaveLength(0);
    expect(await read(item)).toEqual(before);
  });

  it.each(cases)("$name: a platform 5xx answers 502 post_failed and keeps the item", async (testCase) => {
    const { channel, path, item } = await prepared(testCase);
    const before = await read(item);
    harness.emulator.injectFault({ path: `/channels/${channel}/messages`, method: "POST", status: 503, count: 5 });
    const response = await pluginCall(ada, "POST", path, { body: {} });
    expect(response.status).toBe(502);
    expect(((await readBody(response)) as { code: string }).code).toBe("post_failed");
    expect(harness.emulator.messages(channel)).toHaveLength(0);
    expect(await read(item)).toEqual(before);
  });

  it.each(cases)("$name: a short platform 429 is waited out and the message posted once", async (testCase) => {
    const { channel, path } = await prepared(testCase);
    harness.emulator.injectFault({ path: `/channels/${channel}/messages`, method: "POST", status: 429, retry_after: 0.2, count: 1 });
    const result = await json(await pluginCall(ada, "POST", path, { body: {} }), 200);
    expect(harness.emulator.messages(channel).map((message) => message.id)).toEqual([result.message_id]);
  });

  it("a 429 while reacting takes the new reaction-role message back and answers 429", async () => {
    const guildId = addScratchGuild(harness, "workshop", "Rate limited reactions");
    const { channel, role } = await guildRefs(guildId);
    const item = await create(`/reaction_roles/guilds/${guildId}/messages`, { channel_id: channel, message: "Half done", pairs: [{ emoji: "🔴", role_id: role }, { emoji: "🟢", role_id: role }] });
    harness.emulator.injectFault({ path: `/reactions/`, method: "PUT", status: 429, retry_after: 30, count: 1 });
    const response = await pluginCall(ada, "POST", `/reaction_roles/guilds/${guildId}/messages/${item.id}/post`);
    expect(response.status).toBe(429);
    expect(response.headers.get("Retry-After")).toBe("30");
    expect(((await readBody(response)) as { code: string }).code).toBe("rate_limited");
    expect(harness.emulator.messages(channel)).toHaveLength(0);
    expect((await read(`/reaction_roles/guilds/${guildId}/messages/${item.id}`)).message_id).toBeNull();
  });
});
