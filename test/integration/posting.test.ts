/** @jest-environment node */
// Special plugin endpoints that talk to the platform: timer previews, sending saved
// embeds and posting reaction-role messages (through the emulator).
import { makeRole } from "@/emulators/platform/fixtures";
import { USER_IDS } from "@/emulators/platform/data/ids";
import { refreshGuildCache } from "@/lib/platform/bot-api";
import { auditEventsSince, lastAuditId, pluginCall, readBody } from "@/test/api";
import { startEmulatorHarness, type EmulatorHarness } from "@/test/emulator-harness";
import { GUILD_IDS, guildRefs } from "@/test/guild-harness";
import type { CookieJar } from "@/test/route-client";
import { addScratchGuild, freshSnowflake } from "@/test/scratch-guild";
import { signedInJar } from "@/test/sign-in";

let harness: EmulatorHarness;
let ada: CookieJar;
let guild: string;
let refs: { channel: string; role: string };
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

describe("timer preview", () => {
  it("renders a saved timer's message against the guild, the user and the channel", async () => {
    const timer = await create(`/timers/${guild}`, { name: "Hello", channel_id: refs.channel, message: "Welcome to {server.name}, {user.mention}! See <#123456789012345678> in {channel}. {nope}" });
    const preview = await json(await pluginCall(ada, "POST", `/timers/${guild}/${timer.id}/preview`), 200);
    expect(preview.content).toMatch(new RegExp(`^Welcome to ${GUILD_NAME}, <@\\d{17,20}>! See <#123456789012345678> in <#${refs.channel}>\\. \\{nope\\}$`));
    expect(preview.content).not.toContain("{server.name}");
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
    const embed = await create(base(), { title: "Rules", description: "Be kind @everyone", channel_id: refs.channel, fields: [{ name: "One", value: "No spam", inline: false }] });
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

    await json(await pluginCall(ada, "PATCH", `${base()}/${embed.id}`, { body: { title: "Rules v2" } }), 200);
    const second = await json(await pluginCall(ada, "POST", `${base()}/${embed.id}/send`, { body: {} }), 200);
    expect(second.message_id).toBe(first.message_id);
    const after = harness.emulator.messages(refs.channel).filter((message) => message.id === first.message_id);
    expect(after).toHaveLength(1);
    expect(after[0]!.embeds[0]!.title).toBe("Rules v2");
    expect(after[0]!.edited_timestamp).not.toBeNull();
    expect(harness.emulator.messages(refs.channel)).toHaveLength(messages.length);
  });

  it("posts a new message when the one sent before is gone", async () => {
    const embed = await create(base(), { title: "Phoenix", channel_id: refs.channel });
    const first = await json(await pluginCall(ada, "POST", `${base()}/${embed.id}/send`, { body: {} }), 200);
    expect(harness.emulator.state.messages.remove(refs.channel, first.message_id as string)).toBe(true);
    const second = await json(await pluginCall(ada, "POST", `${base()}/${embed.id}/send`, { body: {} }), 200);
    expect(second.message_id).not.toBe(first.message_id);
    expect(harness.emulator.messages(refs.channel).some((message) => message.id === second.message_id)).toBe(true);
    expect((await read(`${base()}/${embed.id}`)).message_id).toBe(second.message_id);
  });

  it("refuses a send without a channel or to a channel of another guild", async () => {
    const embed = await create(base(), { title: "Nowhere" });
    const none = await pluginCall(ada, "POST", `${base()}/${embed.id}/send`, { body: {} });
    expect(none.status).toBe(400);
    const foreign = (await guildRefs(GUILD_IDS.nightOwls)).channel;
    const elsewhere = await pluginCall(ada, "POST", `${base()}/${embed.id}/send`, { body: { channel_id: foreign } });
    expect(elsewhere.status).toBe(400);
    expect(((await readBody(elsewhere)) as { code: string }).code).toBe("invalid_channel");
  });

  it("answers 502 post_failed and leaves the item unchanged when the platform keeps failing", async () => {
    const embed = await create(base(), { title: "Flaky", channel_id: refs.channel });
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
    const embed = await create(base(), { title: "Locked", channel_id: refs.channel });
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
    const item = await create(base(), { channel_id: refs.channel, message: "Pick a colour, @everyone", pairs: [{ emoji: "🔴", role_id: refs.role }, { emoji: "<:blue:323456789012345678>", role_id: refs.role }] });
    expect(item.message_id).toBeNull();
    const result = await json(await pluginCall(ada, "POST", `${base()}/${item.id}/post`), 200);
    const posted = harness.emulator.messages(refs.channel).find((message) => message.id === result.message_id);
    expect(posted?.content).toBe("Pick a colour, @everyone");
    expect(posted?.mention_everyone).toBe(false);
    expect(posted?.reactions?.map((reaction) => reaction.emoji.name ?? reaction.emoji.id).sort()).toEqual(["blue", "🔴"].sort());
    expect((await read(`${base()}/${item.id}`)).message_id).toBe(result.message_id);
  });

  it("refuses roles the bot cannot give, before posting anything", async () => {
    const state = harness.emulator.state.guild(guild)!;
    const high = freshSnowflake();
    state.roles.push(makeRole(high, { name: "Admins above the bot", color: 0, permissions: [] }, 500));
    refreshGuildCache(guild);
    const item = await create(base(), { channel_id: refs.channel, message: "Too high", pairs: [{ emoji: "🔴", role_id: high }, { emoji: "🟢", role_id: refs.role }] });
    const count = harness.emulator.messages(refs.channel).length;
    const response = await pluginCall(ada, "POST", `${base()}/${item.id}/post`);
    const body = (await readBody(response)) as { code: string; message: string; fields: Array<{ path: string; message: string }> };
    expect(response.status).toBe(400);
    expect(body.code).toBe("role_not_assignable");
    expect(body.message).toContain("Admins above the bot");
    expect(body.fields).toEqual([{ path: "pairs.0.role_id", message: "above_bot" }]);
    expect(harness.emulator.messages(refs.channel)).toHaveLength(count);
    expect((await read(`${base()}/${item.id}`)).message_id).toBeNull();
  });
});
