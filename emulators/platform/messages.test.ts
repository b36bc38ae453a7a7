/** @jest-environment node */
import { GUILD_IDS, USER_IDS } from "./data/ids";
import type { MessageRecord } from "./messages";
import type { ChannelRecord } from "./model";
import { PERMISSIONS } from "./permissions";
import { type PlatformEmulator, type StoredMessage } from "./server";
import { compareSnowflakes, snowflakeDate } from "./snowflake";
import { BOT_USER_ID } from "./state";
import { CROWD_SHARE, MAX_CROWD } from "./crowd";
import { BOT_AUTH, bearer, signIn, emulatorForThisFile } from "./test-helpers";

interface FieldError {
  code: string;
  message: string;
}
type ErrorTree = { _errors?: FieldError[]; [key: string]: unknown };
interface ErrorBody {
  message: string;
  code: number;
  errors?: ErrorTree;
}

let emulator: PlatformEmulator;
let api: string;

emulatorForThisFile((started) => {
  emulator = started;
  api = `${started.url}/api/v10`;
});

// ---------------------------------------------------------------------------
// Helpers.

function channelOf(guildId: string, name: string): ChannelRecord {
  const channel = emulator.state.guild(guildId)?.channels.find((candidate) => candidate.name === name);
  if (!channel) throw new Error(`no channel ${name} in ${guildId}`);
  return channel;
}

const general = () => channelOf(GUILD_IDS.workshop, "general").id;
function emojiOf(guildId: string, name: string) {
  const emoji = emulator.state.guild(guildId)?.emojis.find((candidate) => candidate.name === name);
  if (!emoji) throw new Error(`no :${name}: in ${guildId}`);
  return emoji;
}
const NO_SUCH_ID = "100000000000000001";

async function call<T = unknown>(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = BOT_AUTH,
): Promise<{ status: number; body: T; headers: Headers; text: string }> {
  const response = await fetch(`${api}${path}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
    ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T, headers: response.headers, text };
}

const post = (channelId: string, body: unknown, headers?: Record<string, string>) =>
  call<StoredMessage & ErrorBody>("POST", `/channels/${channelId}/messages`, body, headers);

async function posted(channelId: string, body: unknown): Promise<StoredMessage> {
  const response = await post(channelId, body);
  if (response.status !== 200) throw new Error(`post failed: ${response.status} ${response.text}`);
  return response.body;
}

const messagePath = (channelId: string, messageId: string) => `/channels/${channelId}/messages/${messageId}`;
const reactionPath = (channelId: string, messageId: string, emoji: string) =>
  `${messagePath(channelId, messageId)}/reactions/${emoji}/@me`;

/** The issues at a path of a 50035 error tree, e.g. ["embeds", "0", "title"]. */
function issuesAt(body: ErrorBody, path: readonly string[]): FieldError[] {
  let node: unknown = body.errors;
  for (const key of path) node = (node as Record<string, unknown> | undefined)?.[key];
  return ((node as ErrorTree | undefined)?._errors ?? []) as FieldError[];
}

function expectInvalid(response: { status: number; body: ErrorBody }, path: readonly string[], code: string): void {
  expect(response.status).toBe(400);
  expect(response.body).toMatchObject({ message: "Invalid Form Body", code: 50035 });
  expect(issuesAt(response.body, path).map((issue) => issue.code)).toContain(code);
}

function botRole(guildId: string) {
  const role = emulator.state.guild(guildId)?.roles.find((candidate) => candidate.tags?.bot_id === USER_IDS.bot);
  if (!role) throw new Error("no bot role");
  return role;
}

function setBotPermission(guildId: string, bit: bigint, on: boolean): void {
  const role = botRole(guildId);
  const bits = BigInt(role.permissions);
  role.permissions = (on ? bits | bit : bits & ~bit).toString();
}

function denyInChannel(channel: ChannelRecord, bit: bigint): void {
  channel.permission_overwrites.push({ id: botRole(channel.guild_id).id, type: 0, allow: "0", deny: bit.toString() });
}

/** A message someone else wrote, straight into the store. */
function seedMessage(channelId: string, authorId: string, content: string): MessageRecord {
  const now = emulator.state.now();
  return emulator.state.messages.add({
    id: emulator.state.newId(),
    channel_id: channelId,
    guild_id: GUILD_IDS.workshop,
    author_id: authorId,
    content,
    embeds: [],
    components: [],
    tts: false,
    flags: 0,
    nonce: null,
    enforced_nonce: false,
    created_ms: now,
    timestamp: new Date(now).toISOString(),
    edited_timestamp: null,
    mention_user_ids: [],
    mention_role_ids: [],
    mention_everyone: false,
    reactions: [],
  });
}

const chars = (n: number, char = "a") => char.repeat(n);

// ---------------------------------------------------------------------------

describe("POST /channels/:id/messages", () => {
  it("posts as the bot and answers the message object", async () => {
    const before = Date.now();
    const response = await post(general(), { content: "Hello, workshop!", embeds: [{ title: "Welcome", color: 0x5865f2 }] });
    expect(response.status).toBe(200);
    const message = response.body;
    expect(message).toMatchObject({
      type: 0,
      channel_id: general(),
      guild_id: GUILD_IDS.workshop,
      author: { id: USER_IDS.bot, username: "Guildhall", bot: true },
      content: "Hello, workshop!",
      embeds: [{ type: "rich", title: "Welcome", color: 0x5865f2 }],
      edited_timestamp: null,
      reactions: [],
      tts: false,
      pinned: false,
      mentions: [],
      mention_roles: [],
      mention_everyone: false,
      attachments: [],
    });
    expect(message.id).toMatch(/^\d{17,20}$/);
    expect(snowflakeDate(message.id).getTime()).toBeGreaterThanOrEqual(before - 5);
    expect(message.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}\+00:00$/);
    expect(Date.parse(message.timestamp)).toBe(snowflakeDate(message.id).getTime());
    expect(response.headers.get("x-ratelimit-bucket")).toMatch(/^[0-9a-f]{32}$/);

    expect(emulator.messages(general())).toEqual([message]);
    const channels = await call<{ id: string; last_message_id?: string }[]>("GET", `/guilds/${GUILD_IDS.workshop}/channels`);
    expect(channels.body.find((channel) => channel.id === general())?.last_message_id).toBe(message.id);
  });

  it("posts in announcement channels and keeps channels apart", async () => {
    const news = channelOf(GUILD_IDS.workshop, "announcements");
    expect(news.type).toBe(5);
    await posted(news.id, { content: "News!" });
    await posted(general(), { content: "Chat" });
    expect(emulator.messages(news.id).map((message) => message.content)).toEqual(["News!"]);
    expect(emulator.messages(general()).map((message) => message.content)).toEqual(["Chat"]);
  });

  it("refuses channels that do not exist, are not ids, or belong to a guild without the bot", async () => {
    expect((await post(NO_SUCH_ID, { content: "x" })).body).toEqual({ message: "Unknown Channel", code: 10003 });
    expect((await post(NO_SUCH_ID, { content: "x" })).status).toBe(404);
    expectInvalid(await post("general", { content: "x" }), ["channel_id"], "BASE_TYPE_INVALID");
    const raiders = channelOf(GUILD_IDS.pixelRaiders, "general");
    const refused = await post(raiders.id, { content: "x" });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: "Missing Access", code: 50001 });
    expect(emulator.state.messages.all()).toEqual([]);
  });

  it.each([
    ["voice", "Lounge"],
    ["stage", "Town Hall"],
  ])("posts in a %s channel's chat (text in voice), as the platform does", async (_kind, name) => {
    const channel = channelOf(GUILD_IDS.workshop, name);
    await posted(channel.id, { content: "In the chat" });
    expect(emulator.messages(channel.id).map((message) => message.content)).toEqual(["In the chat"]);
    expect(channel.last_message_id).toBe(emulator.messages(channel.id)[0]!.id);
  });

  it.each([
    ["category", "Community"],
    ["forum", "help"],
  ])("refuses a %s channel with 50008", async (_kind, name) => {
    const response = await post(channelOf(GUILD_IDS.workshop, name).id, { content: "x" });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: "Cannot send messages in a non-text channel", code: 50008 });
  });

  it("takes the bot token only", async () => {
    const ada = (await signIn(emulator.url)).access_token;
    expect((await post(general(), { content: "x" }, bearer(ada))).status).toBe(401);
    expect((await post(general(), { content: "x" }, {})).status).toBe(401);
    expect(emulator.state.messages.all()).toEqual([]);
  });

  it.each([
    ["no body", undefined],
    ["an empty object", {}],
    ["empty content", { content: "" }],
    ["whitespace", { content: "  \n\t " }],
    ["null content and no embeds", { content: null, embeds: [] }],
  ])("refuses an empty message (%s) with 50006", async (_label, body) => {
    const response = await post(general(), body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: "Cannot send an empty message", code: 50006 });
  });

  it("accepts a message with only an embed or only components", async () => {
    await posted(general(), { embeds: [{ description: "Just an embed" }] });
    const withButton = await posted(general(), {
      components: [{ type: 1, components: [{ type: 2, style: 5, label: "Docs", url: "https://example.com" }] }],
    });
    // Discord numbers every component of a message (row and children) from 1.
    expect(withButton.components).toEqual([{ type: 1, id: 1, components: [{ type: 2, id: 2, style: 5, label: "Docs", url: "https://example.com" }] }]);
  });

  it("answers 50109 for a body that is not JSON and 50035 for one that is not an object", async () => {
    const broken = await post(general(), "{ content: ");
    expect(broken.status).toBe(400);
    expect(broken.body).toEqual({ message: "The request body contains invalid JSON.", code: 50109 });
    const list = await post(general(), "[1, 2]");
    expect(list.status).toBe(400);
    expect(list.body.code).toBe(50035);
  });

  it("drops keys Discord does not know and null colours", async () => {
    const message = await posted(general(), { content: "x", bogus: 1, embeds: [{ title: "t", color: null, bogus: true }] });
    expect(message.embeds).toEqual([{ type: "rich", title: "t" }]);
    expect(message).not.toHaveProperty("bogus");
  });
});

describe("message limits, at and over the bound", () => {
  type Case = [label: string, build: (n: number) => unknown, limit: number, path: string[], code: string];
  const embed = (value: Record<string, unknown>) => ({ embeds: [value] });
  const cases: Case[] = [
    ["content", (n) => ({ content: chars(n) }), 2000, ["content"], "BASE_TYPE_MAX_LENGTH"],
    ["content in emoji (code points)", (n) => ({ content: chars(n, "😀") }), 2000, ["content"], "BASE_TYPE_MAX_LENGTH"],
    ["embeds per message", (n) => ({ embeds: Array.from({ length: n }, () => ({ title: "t" })) }), 10, ["embeds"], "BASE_TYPE_MAX_LENGTH"],
    ["title", (n) => embed({ title: chars(n) }), 256, ["embeds", "0", "title"], "BASE_TYPE_MAX_LENGTH"],
    ["description", (n) => embed({ description: chars(n) }), 4096, ["embeds", "0", "description"], "BASE_TYPE_MAX_LENGTH"],
    [
      "fields",
      (n) => embed({ fields: Array.from({ length: n }, () => ({ name: "n", value: "v" })) }),
      25,
      ["embeds", "0", "fields"],
      "BASE_TYPE_MAX_LENGTH",
    ],
    ["field name", (n) => embed({ fields: [{ name: chars(n), value: "v" }] }), 256, ["embeds", "0", "fields", "0", "name"], "BASE_TYPE_MAX_LENGTH"],
    ["field value", (n) => embed({ fields: [{ name: "n", value: chars(n) }] }), 1024, ["embeds", "0", "fields", "0", "value"], "BASE_TYPE_MAX_LENGTH"],
    ["footer text", (n) => embed({ footer: { text: chars(n) } }), 2048, ["embeds", "0", "footer", "text"], "BASE_TYPE_MAX_LENGTH"],
    ["author name", (n) => embed({ author: { name: chars(n) } }), 256, ["embeds", "0", "author", "name"], "BASE_TYPE_MAX_LENGTH"],
    [
      // 4096 + 2048 would pass each part; the sum breaks 6000 first.
      "6000 in one embed",
      (n) => embed({ description: chars(4000), footer: { text: chars(n - 4000) } }),
      6000,
      ["embeds"],
      "MAX_EMBED_SIZE_EXCEEDED",
    ],
    [
      "6000 across the embeds of a message",
      (n) => ({ embeds: [{ description: chars(3000) }, { description: chars(2000) }, { description: chars(n - 5000) }] }),
      6000,
      ["embeds"],
      "MAX_EMBED_SIZE_EXCEEDED",
    ],
    [
      "6000 counted in code points",
      (n) => embed({ description: chars(4000, "😀"), footer: { text: chars(n - 4000, "🇫") } }),
      6000,
      ["embeds"],
      "MAX_EMBED_SIZE_EXCEEDED",
    ],
  ];

  it.each(cases)("%s: passes at the bound", async (_label, build, limit) => {
    const response = await post(general(), build(limit));
    expect(response.status).toBe(200);
  });

  it.each(cases)("%s: 50035 one over", async (_label, build, limit, path, code) => {
    expectInvalid(await post(general(), build(limit + 1)), path, code);
    expect(emulator.state.messages.all()).toEqual([]);
  });

  it("says what Discord says", async () => {
    const response = await post(general(), { content: chars(2001) });
    expect(response.body.errors).toEqual({
      content: { _errors: [{ code: "BASE_TYPE_MAX_LENGTH", message: "Must be 2000 or fewer in length." }] },
    });
  });

  it("checks embed links, colours, timestamps and required parts", async () => {
    expectInvalid(await post(general(), embed({ url: "javascript:alert(1)" })), ["embeds", "0", "url"], "URL_TYPE_INVALID_SCHEME");
    expectInvalid(await post(general(), embed({ url: "not a url" })), ["embeds", "0", "url"], "URL_TYPE_INVALID_URL");
    expectInvalid(await post(general(), embed({ image: { url: "ftp://x.test/a.png" } })), ["embeds", "0", "image", "url"], "URL_TYPE_INVALID_SCHEME");
    expect((await post(general(), embed({ image: { url: "attachment://a.png" } }))).status).toBe(200);
    expectInvalid(await post(general(), embed({ color: 0x1000000 })), ["embeds", "0", "color"], "NUMBER_TYPE_MAX");
    expectInvalid(await post(general(), embed({ timestamp: "yesterday" })), ["embeds", "0", "timestamp"], "BASE_TYPE_INVALID");
    expectInvalid(await post(general(), embed({ fields: [{ name: "n" }] })), ["embeds", "0", "fields", "0", "value"], "BASE_TYPE_REQUIRED");
    expectInvalid(await post(general(), embed({ fields: [{ name: "", value: "v" }] })), ["embeds", "0", "fields", "0", "name"], "BASE_TYPE_MIN_LENGTH");
    expectInvalid(await post(general(), embed({ author: {} })), ["embeds", "0", "author", "name"], "BASE_TYPE_REQUIRED");
    const ok = await posted(general(), embed({ timestamp: "2024-05-01T12:00:00.000Z", fields: [{ name: "n", value: "v", inline: true }] }));
    expect(ok.embeds[0]).toMatchObject({ timestamp: "2024-05-01T12:00:00.000Z", fields: [{ name: "n", value: "v", inline: true }] });
  });

  it("checks nonce length, flags and component counts", async () => {
    expectInvalid(await post(general(), { content: "x", nonce: chars(26) }), ["nonce"], "BASE_TYPE_MAX_LENGTH");
    expectInvalid(await post(general(), { content: "x", flags: 1 << 6 }), ["flags"], "MESSAGE_FLAGS_INVALID");
    expect((await posted(general(), { content: "quiet", flags: 1 << 12 })).flags).toBe(1 << 12);
    const rows = Array.from({ length: 6 }, (_, index) => ({ type: 1, components: [{ type: 2, style: 1, label: "x", custom_id: `row${index}` }] }));
    expectInvalid(await post(general(), { content: "x", components: rows }), ["components"], "BASE_TYPE_MAX_LENGTH");
  });
});

describe("buttons", () => {
  const row = (...buttons: unknown[]) => [{ type: 1, components: buttons }];
  /** A row as Discord answers it: the row and each button numbered from 1. */
  const numbered = (...buttons: Record<string, unknown>[]) => [{ type: 1, id: 1, components: buttons.map((button, index) => ({ ...button, id: index + 2 })) }];
  const ticket = (extra: Record<string, unknown> = {}) => ({ type: 2, style: 1, label: "Open a ticket", custom_id: "ticket:1:0", ...extra });

  it("stores a row of buttons with their emoji and echoes it on reads and edits", async () => {
    const message = await posted(general(), { content: "Need help?", components: row(ticket({ emoji: { name: "🎫" } }), ticket({ style: 4, label: "Report", custom_id: "ticket:1:1" })) });
    expect(message.components).toEqual(numbered(ticket({ emoji: { name: "🎫" } }), ticket({ style: 4, label: "Report", custom_id: "ticket:1:1" })));
    const edited = await call<StoredMessage>("PATCH", messagePath(general(), message.id), { components: row(ticket({ label: "Contact staff" })) });
    expect(edited.body.components).toEqual(numbered(ticket({ label: "Contact staff" })));
    expect((await call<StoredMessage>("GET", messagePath(general(), message.id))).body.components).toEqual(numbered(ticket({ label: "Contact staff" })));
  });

  it("refuses what Discord refuses: a label over 80, no custom_id, a link without a URL, a repeated custom_id, an empty row, six buttons", async () => {
    expectInvalid(await post(general(), { components: row(ticket({ label: chars(81) })) }), ["components", "0", "components", "0", "label"], "BASE_TYPE_MAX_LENGTH");
    expect((await post(general(), { components: row(ticket({ label: chars(80) })) })).status).toBe(200);
    expectInvalid(await post(general(), { components: row({ type: 2, style: 1, label: "x" }) }), ["components", "0", "components", "0", "custom_id"], "BASE_TYPE_REQUIRED");
    expectInvalid(await post(general(), { components: row({ type: 2, style: 5, label: "x" }) }), ["components", "0", "components", "0", "url"], "BASE_TYPE_REQUIRED");
    expectInvalid(await post(general(), { components: row(ticket(), ticket()) }), ["components", "0", "components", "1", "custom_id"], "COMPONENT_CUSTOM_ID_DUPLICATED");
    expectInvalid(await post(general(), { components: row(ticket({ label: undefined })) }), ["components", "0", "components", "0", "label"], "BUTTON_COMPONENT_LABEL_OR_EMOJI_REQUIRED");
    expectInvalid(await post(general(), { content: "x", components: row() }), ["components", "0", "components"], "BASE_TYPE_MIN_LENGTH");
    const six = Array.from({ length: 6 }, (_, index) => ticket({ custom_id: `b${index}` }));
    expectInvalid(await post(general(), { components: row(...six) }), ["components", "0", "components"], "BASE_TYPE_MAX_LENGTH");
    const edit = await posted(general(), { content: "keep" });
    expectInvalid(await call<StoredMessage & ErrorBody>("PATCH", messagePath(general(), edit.id), { components: row(ticket({ label: chars(81) })) }), ["components", "0", "components", "0", "label"], "BASE_TYPE_MAX_LENGTH");
  });

  it("draws the channel's messages with their buttons on its page, and a message's alone on its own", async () => {
    const message = await posted(general(), { content: "Panel page", components: row(ticket({ emoji: { name: "🎫" } })) });
    const page = await fetch(`${emulator.url}/channels/${GUILD_IDS.workshop}/${general()}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`data-message-id="${message.id}"`);
    expect(html).toMatch(/data-testid="message-buttons"><span class="button"[^>]*>🎫 Open a ticket<\/span>/);
    const own = await (await fetch(`${emulator.url}/channels/${GUILD_IDS.workshop}/${general()}/${message.id}`)).text();
    expect(own.match(/data-testid="message"/g)).toHaveLength(1);
    await call("DELETE", messagePath(general(), message.id));
    expect((await fetch(`${emulator.url}/channels/${GUILD_IDS.workshop}/${general()}/${message.id}`)).status).toBe(404);
    expect(await (await fetch(`${emulator.url}/channels/${GUILD_IDS.workshop}/${general()}`)).text()).not.toContain(`data-message-id="${message.id}"`);
    expect((await fetch(`${emulator.url}/channels/${GUILD_IDS.lofi}/${general()}`)).status).toBe(404);
  });
});

describe("mentions and allowed_mentions", () => {
  const content = `Hi <@${USER_IDS.chen}> and <@!${USER_IDS.dani}>, @everyone`;

  it("pings every written user by default, but @everyone only with MENTION_EVERYONE", async () => {
    const message = await posted(general(), { content });
    expect(message.mentions.map((user) => user.id)).toEqual([USER_IDS.chen, USER_IDS.dani]);
    expect(message.mention_everyone).toBe(false);
    setBotPermission(GUILD_IDS.workshop, PERMISSIONS.MentionEveryone, true);
    expect((await posted(general(), { content })).mention_everyone).toBe(true);
  });

  it("pings nobody with parse: [] and only the listed users with users: [...]", async () => {
    setBotPermission(GUILD_IDS.workshop, PERMISSIONS.MentionEveryone, true);
    const silent = await posted(general(), { content, allowed_mentions: { parse: [] } });
    expect(silent).toMatchObject({ mentions: [], mention_everyone: false, mention_roles: [] });
    const one = await posted(general(), { content, allowed_mentions: { users: [USER_IDS.dani] } });
    expect(one.mentions.map((user) => user.id)).toEqual([USER_IDS.dani]);
    expect(one.mention_everyone).toBe(false);
  });

  it("pings mentionable roles, and others only with MENTION_EVERYONE", async () => {
    const roles = emulator.state.guild(GUILD_IDS.workshop)!.roles;
    const mentionable = roles.find((role) => role.mentionable && !role.managed)!;
    const quiet = roles.find((role) => !role.mentionable && !role.managed && role.id !== GUILD_IDS.workshop)!;
    const text = `<@&${mentionable.id}> <@&${quiet.id}>`;
    expect((await posted(general(), { content: text })).mention_roles).toEqual([mentionable.id]);
    expect((await posted(general(), { content: text, allowed_mentions: { parse: ["users"] } })).mention_roles).toEqual([]);
    setBotPermission(GUILD_IDS.workshop, PERMISSIONS.MentionEveryone, true);
    expect((await posted(general(), { content: text })).mention_roles).toEqual([mentionable.id, quiet.id]);
  });

  it("refuses parse together with a list of the same kind", async () => {
    const response = await post(general(), { content, allowed_mentions: { parse: ["users"], users: [USER_IDS.chen] } });
    expectInvalid(response, ["allowed_mentions"], "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE");
    expectInvalid(
      await post(general(), { content, allowed_mentions: { parse: ["nobody"] } }),
      ["allowed_mentions", "parse", "0"],
      "BASE_TYPE_CHOICES",
    );
    expectInvalid(
      await post(general(), { content, allowed_mentions: { users: Array.from({ length: 101 }, () => USER_IDS.chen) } }),
      ["allowed_mentions", "users"],
      "BASE_TYPE_MAX_LENGTH",
    );
  });
});

describe("nonces", () => {
  it("with enforce_nonce, the same nonce answers the first message instead of posting again", async () => {
    const first = await posted(general(), { content: "once", nonce: "abc123", enforce_nonce: true });
    expect(first.nonce).toBe("abc123");
    const again = await posted(general(), { content: "once", nonce: "abc123", enforce_nonce: true });
    expect(again.id).toBe(first.id);
    expect(emulator.messages(general())).toHaveLength(1);
    // Read back later, the nonce is not part of the message (as on Discord).
    expect(emulator.messages(general())[0]).not.toHaveProperty("nonce");
  });

  it("without enforce_nonce, or after the window, posts again", async () => {
    await posted(general(), { content: "twice", nonce: 42 });
    await posted(general(), { content: "twice", nonce: 42 });
    expect(emulator.messages(general())).toHaveLength(2);
    const start = Date.now();
    emulator.state.now = () => start;
    const first = await posted(general(), { content: "later", nonce: "n", enforce_nonce: true });
    emulator.state.now = () => start + 6 * 60_000;
    const second = await posted(general(), { content: "later", nonce: "n", enforce_nonce: true });
    expect(second.id).not.toBe(first.id);
  });
});

describe("channel permissions", () => {
  it("answers 50013 without SEND_MESSAGES and 50001 without VIEW_CHANNEL in that channel", async () => {
    const channel = channelOf(GUILD_IDS.workshop, "general");
    denyInChannel(channel, PERMISSIONS.SendMessages);
    const refused = await post(channel.id, { content: "x" });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: "Missing Permissions", code: 50013 });
    // Other channels are unaffected.
    await posted(channelOf(GUILD_IDS.workshop, "off-topic").id, { content: "fine" });

    denyInChannel(channel, PERMISSIONS.ViewChannel);
    expect((await post(channel.id, { content: "x" })).body).toEqual({ message: "Missing Access", code: 50001 });
    expect((await call("GET", `/channels/${channel.id}/messages`)).status).toBe(403);
  });

  it("sends TTS as a plain message without SEND_TTS_MESSAGES", async () => {
    expect((await posted(general(), { content: "hear me", tts: true })).tts).toBe(false);
    setBotPermission(GUILD_IDS.workshop, PERMISSIONS.SendTTSMessages, true);
    expect((await posted(general(), { content: "hear me", tts: true })).tts).toBe(true);
  });
});

describe("GET messages", () => {
  it("reads one message, and 10008 for an unknown one or one of another channel", async () => {
    const message = await posted(general(), { content: "read me" });
    const read = await call<StoredMessage>("GET", messagePath(general(), message.id));
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ ...message, nonce: undefined });
    expect((await call("GET", messagePath(general(), NO_SUCH_ID))).body).toEqual({ message: "Unknown Message", code: 10008 });
    const elsewhere = await call("GET", messagePath(channelOf(GUILD_IDS.workshop, "off-topic").id, message.id));
    expect(elsewhere.status).toBe(404);
    expectInvalid(await call<ErrorBody>("GET", messagePath(general(), "latest")), ["message_id"], "BASE_TYPE_INVALID");
  });

  it("lists newest first with limit, before, after and around", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) ids.push((await posted(general(), { content: `m${i}` })).id);
    const list = async (query: string) =>
      (await call<StoredMessage[]>("GET", `/channels/${general()}/messages${query}`)).body.map((message) => message.content);
    expect(await list("")).toEqual(["m6", "m5", "m4", "m3", "m2", "m1", "m0"]);
    expect(await list("?limit=3")).toEqual(["m6", "m5", "m4"]);
    expect(await list(`?limit=2&before=${ids[4]}`)).toEqual(["m3", "m2"]);
    expect(await list(`?limit=2&after=${ids[1]}`)).toEqual(["m3", "m2"]);
    expect(await list(`?limit=3&around=${ids[3]}`)).toEqual(["m4", "m3", "m2"]);
    expect(await list(`?limit=100`)).toHaveLength(7);
    expect((await call<StoredMessage[]>("GET", `/channels/${channelOf(GUILD_IDS.workshop, "memes").id}/messages`)).body).toEqual([]);
  });

  it("refuses a limit outside 1..100", async () => {
    expectInvalid(await call<ErrorBody>("GET", `/channels/${general()}/messages?limit=0`), ["limit"], "NUMBER_TYPE_MIN");
    expectInvalid(await call<ErrorBody>("GET", `/channels/${general()}/messages?limit=101`), ["limit"], "NUMBER_TYPE_MAX");
  });

  it("lists nothing without READ_MESSAGE_HISTORY, and refuses single reads", async () => {
    const message = await posted(general(), { content: "history" });
    // @everyone has it too, so take it away in the channel.
    denyInChannel(channelOf(GUILD_IDS.workshop, "general"), PERMISSIONS.ReadMessageHistory);
    expect((await call("GET", `/channels/${general()}/messages`)).body).toEqual([]);
    expect((await call("GET", messagePath(general(), message.id))).body).toEqual({ message: "Missing Access", code: 50001 });
  });
});

describe("PATCH /channels/:id/messages/:id", () => {
  it("edits content, keeps the rest and sets edited_timestamp", async () => {
    const message = await posted(general(), { content: "draft", embeds: [{ title: "Keep me" }] });
    const edited = await call<StoredMessage>("PATCH", messagePath(general(), message.id), { content: "final" });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ id: message.id, content: "final", embeds: [{ type: "rich", title: "Keep me" }], timestamp: message.timestamp });
    expect(edited.body.edited_timestamp).toMatch(/\+00:00$/);
    expect(emulator.messages(general())[0]).toMatchObject({ content: "final", edited_timestamp: edited.body.edited_timestamp });
  });

  it("replaces embeds, clears with null, and refuses an edit that leaves nothing (50006)", async () => {
    const message = await posted(general(), { content: "text", embeds: [{ title: "a" }] });
    const path = messagePath(general(), message.id);
    expect((await call<StoredMessage>("PATCH", path, { embeds: [{ description: "b" }] })).body.embeds).toEqual([{ type: "rich", description: "b" }]);
    expect((await call<StoredMessage>("PATCH", path, { embeds: null })).body.embeds).toEqual([]);
    const empty = await call("PATCH", path, { content: null });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ message: "Cannot send an empty message", code: 50006 });
    expect(emulator.messages(general())[0]?.content).toBe("text");
  });

  it("applies the same limits as posting", async () => {
    const message = await posted(general(), { content: "text" });
    const path = messagePath(general(), message.id);
    expect((await call("PATCH", path, { content: chars(2000) })).status).toBe(200);
    expectInvalid(await call<ErrorBody>("PATCH", path, { content: chars(2001) }), ["content"], "BASE_TYPE_MAX_LENGTH");
    expectInvalid(
      await call<ErrorBody>("PATCH", path, { embeds: [{ description: chars(4096) }, { description: chars(1905) }] }),
      ["embeds"],
      "MAX_EMBED_SIZE_EXCEEDED",
    );
  });

  it("works out mentions again for new content", async () => {
    const message = await posted(general(), { content: "nobody" });
    const path = messagePath(general(), message.id);
    const edited = await call<StoredMessage>("PATCH", path, { content: `<@${USER_IDS.chen}>` });
    expect(edited.body.mentions.map((user) => user.id)).toEqual([USER_IDS.chen]);
    const silenced = await call<StoredMessage>("PATCH", path, { allowed_mentions: { parse: [] } });
    expect(silenced.body.mentions).toEqual([]);
  });

  it("refuses unknown messages (10008) and other people's messages (50005)", async () => {
    expect((await call("PATCH", messagePath(general(), NO_SUCH_ID), { content: "x" })).body).toEqual({ message: "Unknown Message", code: 10008 });
    const theirs = seedMessage(general(), USER_IDS.ada, "Ada wrote this");
    const refused = await call("PATCH", messagePath(general(), theirs.id), { content: "mine now" });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: "Cannot edit a message authored by another user", code: 50005 });
  });
});

describe("DELETE /channels/:id/messages/:id", () => {
  it("deletes with 204 and no body; the message is gone after", async () => {
    const message = await posted(general(), { content: "bye" });
    const deleted = await call("DELETE", messagePath(general(), message.id));
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe("");
    expect(deleted.headers.get("content-type")).toBeNull();
    expect(deleted.headers.get("x-ratelimit-limit")).toMatch(/^\d+$/);
    expect((await call("GET", messagePath(general(), message.id))).status).toBe(404);
    expect((await call("DELETE", messagePath(general(), message.id))).body).toEqual({ message: "Unknown Message", code: 10008 });
    expect(emulator.messages(general())).toEqual([]);
  });

  it("deletes other people's messages only with MANAGE_MESSAGES", async () => {
    const first = seedMessage(general(), USER_IDS.ada, "one");
    expect((await call("DELETE", messagePath(general(), first.id))).status).toBe(204);
    const second = seedMessage(general(), USER_IDS.ada, "two");
    setBotPermission(GUILD_IDS.workshop, PERMISSIONS.ManageMessages, false);
    expect((await call("DELETE", messagePath(general(), second.id))).body).toEqual({ message: "Missing Permissions", code: 50013 });
    const own = await posted(general(), { content: "mine" });
    expect((await call("DELETE", messagePath(general(), own.id))).status).toBe(204);
  });
});

describe("reactions", () => {
  const RED = "🔴";

  async function reactions(messageId: string) {
    return (await call<StoredMessage>("GET", messagePath(general(), messageId))).body.reactions ?? [];
  }

  it("adds a unicode reaction (percent-encoded) with 204, once however often it is put", async () => {
    const message = await posted(general(), { content: "vote" });
    const path = reactionPath(general(), message.id, encodeURIComponent(RED));
    expect(path).toContain("%F0%9F%94%B4");
    const added = await call("PUT", path);
    expect(added.status).toBe(204);
    expect(added.text).toBe("");
    expect((await call("PUT", path)).status).toBe(204);
    expect(await reactions(message.id)).toEqual([
      { emoji: { id: null, name: RED }, count: 1, count_details: { burst: 0, normal: 1 }, me: true, me_burst: false, burst_colors: [] },
    ]);
    expect(emulator.calls().byRoute["PUT /channels/:id/messages/:id/reactions/:emoji/@me"]).toBe(2);
  });

  it("adds the guild's custom emoji as name:id, encoded or not, and keeps several in order", async () => {
    const message = await posted(general(), { content: "vote" });
    const [solder, spinning] = [emojiOf(GUILD_IDS.workshop, "solder"), emojiOf(GUILD_IDS.workshop, "gear_spin")];
    expect((await call("PUT", reactionPath(general(), message.id, `solder%3A${solder.id}`))).status).toBe(204);
    expect((await call("PUT", reactionPath(general(), message.id, `solder:${solder.id}`))).status).toBe(204);
    // Discord goes by the id: the reaction carries the emoji's own name.
    expect((await call("PUT", reactionPath(general(), message.id, `renamed:${spinning.id}`))).status).toBe(204);
    expect((await call("PUT", reactionPath(general(), message.id, encodeURIComponent("👍🏽")))).status).toBe(204);
    expect((await call("PUT", reactionPath(general(), message.id, encodeURIComponent("1️⃣")))).status).toBe(204);
    expect((await reactions(message.id)).map((reaction) => [reaction.emoji, reaction.count])).toEqual([
      [{ id: solder.id, name: "solder" }, 1],
      [{ id: spinning.id, name: "gear_spin", animated: true }, 1],
      [{ id: null, name: "👍🏽" }, 1],
      [{ id: null, name: "1️⃣" }, 1],
    ]);
  });

  it("refuses another guild's custom emoji and unknown ids as Unknown Emoji (10014)", async () => {
    const message = await posted(general(), { content: "vote" });
    const theirs = emojiOf(GUILD_IDS.nightOwls, "owl");
    for (const emoji of [`owl:${theirs.id}`, `blob:${NO_SUCH_ID}`]) {
      const response = await call("PUT", reactionPath(general(), message.id, emoji));
      expect({ status: response.status, body: response.body }).toEqual({ status: 400, body: { message: "Unknown Emoji", code: 10014 } });
      expect((await call("DELETE", reactionPath(general(), message.id, emoji))).body).toEqual({ message: "Unknown Emoji", code: 10014 });
    }
    expect(await reactions(message.id)).toEqual([]);
  });

  it("counts other people's reactions, with me only for the bot's own", async () => {
    const message = await posted(general(), { content: "vote" });
    const path = reactionPath(general(), message.id, encodeURIComponent(RED));
    await call("PUT", path);
    emulator.state.messages.get(general(), message.id)!.reactions[0]!.userIds.push(USER_IDS.ada);
    expect(await reactions(message.id)).toMatchObject([{ count: 2, me: true }]);
    expect((await call("DELETE", path)).status).toBe(204);
    expect(await reactions(message.id)).toMatchObject([{ count: 1, me: false }]);
  });

  it("removes the bot's reaction with 204; removing one that is not there is 204 too", async () => {
    const message = await posted(general(), { content: "vote" });
    const path = reactionPath(general(), message.id, encodeURIComponent(RED));
    await call("PUT", path);
    const removed = await call("DELETE", path);
    expect(removed.status).toBe(204);
    expect(await reactions(message.id)).toEqual([]);
    expect((await call("DELETE", path)).status).toBe(204);
    expect((await call("DELETE", reactionPath(general(), message.id, "nope"))).body).toEqual({ message: "Unknown Emoji", code: 10014 });
  });

  it.each([
    ["plain text", "abc"],
    ["a digit", "1"],
    ["the <:name:id> chat form", encodeURIComponent("<:blob:1234567890123456789>")],
    ["a name without an id", "blob:"],
    ["a short custom id", "blob:123"],
  ])("refuses %s as Unknown Emoji (10014)", async (_label, emoji) => {
    const message = await posted(general(), { content: "vote" });
    const response = await call("PUT", reactionPath(general(), message.id, emoji));
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: "Unknown Emoji", code: 10014 });
  });

  it("answers 10008 and 10003 for unknown messages and channels, 50001 without access", async () => {
    const message = await posted(general(), { content: "vote" });
    const red = encodeURIComponent(RED);
    expect((await call("PUT", reactionPath(general(), NO_SUCH_ID, red))).body).toMatchObject({ code: 10008 });
    expect((await call("PUT", reactionPath(NO_SUCH_ID, message.id, red))).body).toMatchObject({ code: 10003 });
    const raiders = channelOf(GUILD_IDS.pixelRaiders, "general");
    expect((await call("PUT", reactionPath(raiders.id, message.id, red))).body).toMatchObject({ code: 50001 });
  });

  it("stops at 20 distinct emoji (30010)", async () => {
    const message = await posted(general(), { content: "vote" });
    // Twenty animals from 🐀 on (U+1F400...), each a distinct emoji.
    for (let i = 0; i < 20; i++) {
      const emoji = encodeURIComponent(String.fromCodePoint(0x1f400 + i));
      expect((await call("PUT", reactionPath(general(), message.id, emoji))).status).toBe(204);
    }
    const over = await call("PUT", reactionPath(general(), message.id, encodeURIComponent(RED)));
    expect(over.body).toEqual({ message: "Maximum number of reactions reached (20)", code: 30010 });
    expect(await reactions(message.id)).toHaveLength(20);
  });

  it("lists who reacted with one emoji as users, by ascending id, with limit and after", async () => {
    const message = await posted(general(), { content: "vote" });
    const red = encodeURIComponent(RED);
    const list = (query = "") => call<Array<{ id: string; username: string }>>("GET", `${messagePath(general(), message.id)}/reactions/${red}${query}`);
    expect((await list()).body).toEqual([]);
    await call("PUT", reactionPath(general(), message.id, red));
    const humans = [...emulator.state.guild(GUILD_IDS.workshop)!.members.keys()].filter((id) => !emulator.state.user(id)?.bot).slice(0, 30);
    emulator.state.messages.get(general(), message.id)!.reactions[0]!.userIds.push(...[...humans].reverse());
    const everyone = [BOT_USER_ID, ...humans].sort(compareSnowflakes);
    const first = await list();
    expect(first.status).toBe(200);
    expect(first.body.map((user) => user.id)).toEqual(everyone.slice(0, 25));
    expect(first.body[0]).toEqual(expect.objectContaining({ id: everyone[0], username: expect.any(String) }));
    expect((await list(`?limit=100&after=${everyone[24]}`)).body.map((user) => user.id)).toEqual(everyone.slice(25));
    expect((await list("?type=1")).body).toEqual([]);
    expect((await list("?limit=101")).status).toBe(400);
    expect((await call("GET", `${messagePath(general(), message.id)}/reactions/abc`)).body).toEqual({ message: "Unknown Emoji", code: 10014 });
    denyInChannel(channelOf(GUILD_IDS.workshop, "general"), PERMISSIONS.ReadMessageHistory);
    expect((await list()).body).toMatchObject({ code: 50001 });
  });

  it("with crowdReactions, some human members join the bot's first reaction on its own message, the same ones every time", async () => {
    emulator.state.crowdReactions = true;
    try {
      const guild = emulator.state.guild(GUILD_IDS.workshop)!;
      const humans = [...guild.members.keys()].filter((id) => !emulator.state.user(id)?.bot);
      const crowdOf = async (messageId: string) => {
        await call("PUT", reactionPath(general(), messageId, encodeURIComponent(RED)));
        return emulator.state.messages.get(general(), messageId)!.reactions[0]!.userIds.slice(1);
      };
      const message = await posted(general(), { content: "giveaway" });
      const crowd = await crowdOf(message.id);
      expect(crowd.length).toBe(Math.min(MAX_CROWD, Math.ceil(humans.length * CROWD_SHARE)));
      expect(crowd.length).toBeLessThan(humans.length);
      for (const id of crowd) expect(humans).toContain(id);
      expect(new Set(crowd).size).toBe(crowd.length);
      // Putting it again adds nobody; the same message after a reset draws the same crowd.
      expect(await crowdOf(message.id)).toEqual(crowd);
      const record = emulator.state.messages.get(general(), message.id)!;
      record.reactions = [];
      expect(await crowdOf(message.id)).toEqual(crowd);
      // Someone else's message: the bot's reaction is not an invitation.
      record.author_id = USER_IDS.ada;
      record.reactions = [];
      expect(await crowdOf(message.id)).toEqual([]);
    } finally {
      emulator.state.crowdReactions = false;
    }
  });

  it("needs ADD_REACTIONS for a new emoji but not to join an existing one", async () => {
    const message = await posted(general(), { content: "vote" });
    const record = emulator.state.messages.get(general(), message.id)!;
    record.reactions.push({ key: RED, emoji: { id: null, name: RED }, userIds: [USER_IDS.ada] });
    denyInChannel(channelOf(GUILD_IDS.workshop, "general"), PERMISSIONS.AddReactions);
    expect((await call("PUT", reactionPath(general(), message.id, encodeURIComponent("🟢")))).body).toEqual({
      message: "Missing Permissions",
      code: 50013,
    });
    expect((await call("PUT", reactionPath(general(), message.id, encodeURIComponent(RED)))).status).toBe(204);
    expect(await reactions(message.id)).toMatchObject([{ count: 2, me: true }]);
  });
});

describe("faults and rate limits on message routes", () => {
  it("an injected 500 answers before anything is stored", async () => {
    emulator.injectFault({ path: "/messages", method: "POST", status: 500 });
    const failed = await post(general(), { content: "x" });
    expect(failed.status).toBe(500);
    expect(emulator.state.messages.all()).toEqual([]);
    expect((await post(general(), { content: "x" })).status).toBe(200);
  });

  it("an injected 429 carries retry_after and the bucket headers", async () => {
    const message = await posted(general(), { content: "x" });
    emulator.injectFault({ path: "/reactions/", method: "PUT", status: 429, retry_after: 0.5 });
    const limited = await call<{ retry_after: number }>("PUT", reactionPath(general(), message.id, encodeURIComponent("🔴")));
    expect(limited.status).toBe(429);
    expect(limited.body.retry_after).toBe(0.5);
    expect(limited.headers.get("x-ratelimit-remaining")).toBe("0");
    expect(emulator.messages(general())[0]?.reactions).toEqual([]);
  });

  it("a fault can target one route template", async () => {
    emulator.injectFault({ path: "PATCH /channels/:id/messages/:id", status: 503 });
    const message = await posted(general(), { content: "x" });
    expect((await call("PATCH", messagePath(general(), message.id), { content: "y" })).status).toBe(503);
    expect((await call("PATCH", messagePath(general(), message.id), { content: "y" })).status).toBe(200);
  });
});

describe("control API: GET /__emulator/messages", () => {
  const control = (query = "") => fetch(`${emulator.url}/__emulator/messages${query}`);

  it("shows one channel's messages oldest first, or every channel's", async () => {
    const offTopic = channelOf(GUILD_IDS.workshop, "off-topic").id;
    await posted(general(), { content: "first" });
    await posted(offTopic, { content: "second" });
    await posted(general(), { content: "third" });
    const one = (await (await control(`?channel_id=${general()}`)).json()) as { messages: StoredMessage[] };
    expect(one.messages.map((message) => message.content)).toEqual(["first", "third"]);
    expect(one.messages[0]).toMatchObject({ author: { id: USER_IDS.bot }, channel_id: general() });
    const all = (await (await control()).json()) as { messages: StoredMessage[] };
    expect(all.messages.map((message) => message.content)).toEqual(["first", "second", "third"]);
  });

  it("is empty for a quiet channel, 404 for an unknown one, 400 for a bad id, and empty again after reset", async () => {
    expect(await (await control(`?channel_id=${general()}`)).json()).toEqual({ messages: [] });
    expect((await control(`?channel_id=${NO_SUCH_ID}`)).status).toBe(404);
    expect((await control("?channel_id=general")).status).toBe(400);
    await posted(general(), { content: "x" });
    await fetch(`${emulator.url}/__emulator/reset`, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
    expect(await (await control()).json()).toEqual({ messages: [] });
    expect(() => emulator.messages(NO_SUCH_ID)).toThrow(RangeError);
  });
});
