/** @jest-environment node */
import { GUILD_IDS, USER_IDS } from "@/emulators/platform/data/ids";
import { startEmulatorHarness, type EmulatorHarness } from "@/test/emulator-harness";

import { PlatformError, platformFieldErrors } from "./errors";
import {
  addReaction,
  deleteMessage,
  editMessage,
  encodeReactionEmoji,
  getMessage,
  listMessages,
  listReactionUsers,
  postMessage,
  removeReaction,
} from "./messages-api";
import { resetPlatformClientForTests } from "./rest";

// Integration tests against the platform emulator (emulators/platform).

const POST_ROUTE = "POST /channels/:id/messages";
const MESSAGE_ROUTE = "/channels/:id/messages/:id";
const REACTION_ROUTE = "PUT /channels/:id/messages/:id/reactions/:emoji/@me";
const REACTION_USERS_ROUTE = "GET /channels/:id/messages/:id/reactions/:emoji";
const NO_SUCH_ID = "100000000000000001";
const CUSTOM_ID = "1234567890123456789";

let harness: EmulatorHarness;

beforeAll(async () => {
  harness = await startEmulatorHarness();
});

afterAll(async () => {
  await harness.stop();
});

beforeEach(() => {
  harness.emulator.reset();
  resetPlatformClientForTests();
});

function channelId(guildId: string, name: string): string {
  const channel = harness.emulator.state.guild(guildId)?.channels.find((candidate) => candidate.name === name);
  if (!channel) throw new Error(`no channel ${name}`);
  return channel.id;
}

const general = () => channelId(GUILD_IDS.workshop, "general");

async function elapsed<T>(run: () => Promise<T>): Promise<{ ms: number; result: PromiseSettledResult<T> }> {
  const started = Date.now();
  const [result] = await Promise.allSettled([run()]);
  return { ms: Date.now() - started, result: result as PromiseSettledResult<T> };
}

async function failure(promise: Promise<unknown>): Promise<PlatformError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PlatformError);
  return error as PlatformError;
}

describe("encodeReactionEmoji", () => {
  it.each([
    ["🔴", "%F0%9F%94%B4"],
    ["  🔴 ", "%F0%9F%94%B4"],
    ["👍🏽", encodeURIComponent("👍🏽")],
    ["1️⃣", encodeURIComponent("1️⃣")],
    ["👨‍👩‍👧", encodeURIComponent("👨‍👩‍👧")],
    ["🇫🇷", encodeURIComponent("🇫🇷")],
    ["#️⃣", encodeURIComponent("#️⃣")],
    [`<:party_blob:${CUSTOM_ID}>`, `party_blob%3A${CUSTOM_ID}`],
    [`<a:dancing:${CUSTOM_ID}>`, `dancing%3A${CUSTOM_ID}`],
    [`party_blob:${CUSTOM_ID}`, `party_blob%3A${CUSTOM_ID}`],
    [`a:dancing:${CUSTOM_ID}`, `dancing%3A${CUSTOM_ID}`],
  ])("encodes %s as %s", (emoji, encoded) => {
    expect(encodeReactionEmoji(emoji)).toBe(encoded);
  });

  it.each([
    ["empty", ""],
    ["blank", "   "],
    ["a shortcode", ":thumbsup:"],
    ["plain text", "abc"],
    ["a digit", "1"],
    ["a custom emoji without id", "<:blob:>"],
    ["a custom emoji with a short id", "blob:123"],
    ["a one-letter name", `<:b:${CUSTOM_ID}>`],
    ["a path", "🔴/../../guilds"],
    ["an emoji with text", "🔴abc"],
    ["a lone surrogate", "\ud83d"],
    ["two emoji with a space", "🔴 🟢"],
  ])("refuses %s", (_label, emoji) => {
    expect(() => encodeReactionEmoji(emoji)).toThrow(PlatformError);
    try {
      encodeReactionEmoji(emoji);
    } catch (error) {
      expect(error).toMatchObject({ kind: "bad_request", status: 400 });
    }
  });
});

describe("postMessage", () => {
  it("posts as the bot and returns the message", async () => {
    const message = await postMessage(general(), {
      content: "Welcome!",
      embeds: [{ title: "Rules", description: "Be kind.", fields: [{ name: "1", value: "No spam" }] }],
    });
    expect(message).toMatchObject({
      channel_id: general(),
      author: { id: USER_IDS.bot, bot: true },
      content: "Welcome!",
      embeds: [{ type: "rich", title: "Rules", description: "Be kind.", fields: [{ name: "1", value: "No spam" }] }],
      edited_timestamp: null,
    });
    expect(harness.emulator.messages(general()).map((stored) => stored.id)).toEqual([message.id]);
    expect(harness.callsTo(POST_ROUTE)).toBe(1);
  });

  it("sends a fresh enforced nonce, so each call posts once", async () => {
    const first = await postMessage(general(), { content: "same text" });
    const second = await postMessage(general(), { content: "same text" });
    expect(typeof first.nonce).toBe("string");
    expect(String(first.nonce).length).toBeLessThanOrEqual(25);
    expect(first.nonce).not.toBe(second.nonce);
    expect(harness.emulator.messages(general())).toHaveLength(2);
  });

  it("with the caller's nonce, a repeated send returns the first message", async () => {
    const body = { content: "announce once", nonce: "announcement-42", enforce_nonce: true };
    const first = await postMessage(general(), body);
    const again = await postMessage(general(), body);
    expect(again.id).toBe(first.id);
    expect(harness.emulator.messages(general())).toHaveLength(1);
    await expect(postMessage(general(), { content: "x", nonce: "n".repeat(26) })).rejects.toMatchObject({ kind: "bad_request" });
  });

  it("passes allowed_mentions through", async () => {
    const content = `Welcome <@${USER_IDS.chen}>!`;
    expect((await postMessage(general(), { content })).mentions.map((user) => user.id)).toEqual([USER_IDS.chen]);
    expect((await postMessage(general(), { content, allowed_mentions: { parse: [] } })).mentions).toEqual([]);
  });

  it("maps a body over the limits to bad_request 50035 with the fields named", async () => {
    const error = await failure(
      postMessage(general(), { content: "x".repeat(2001), embeds: [{ title: "t".repeat(257), fields: [{ name: "n", value: "v".repeat(1025) }] }] }),
    );
    expect(error).toMatchObject({ kind: "bad_request", status: 400, code: 50035 });
    expect(platformFieldErrors(error)).toEqual([
      { path: "content", code: "BASE_TYPE_MAX_LENGTH", message: "Must be 2000 or fewer in length." },
      { path: "embeds.0.title", code: "BASE_TYPE_MAX_LENGTH", message: "Must be 256 or fewer in length." },
      { path: "embeds.0.fields.0.value", code: "BASE_TYPE_MAX_LENGTH", message: "Must be 1024 or fewer in length." },
    ]);
    expect(harness.emulator.messages(general())).toEqual([]);
  });

  it("posts right at the limits", async () => {
    const message = await postMessage(general(), {
      content: "😀".repeat(2000),
      embeds: [{ description: "d".repeat(4096), footer: { text: "f".repeat(1904) } }],
    });
    expect([...message.content]).toHaveLength(2000);
    const error = await failure(postMessage(general(), { embeds: [{ description: "d".repeat(4096) }, { description: "d".repeat(1905) }] }));
    expect(platformFieldErrors(error)).toEqual([expect.objectContaining({ path: "embeds", code: "MAX_EMBED_SIZE_EXCEEDED" })]);
  });

  it("maps the platform's refusals to PlatformError kinds and codes", async () => {
    await expect(postMessage(general(), { content: "   " })).rejects.toMatchObject({ kind: "bad_request", code: 50006 });
    await expect(postMessage(NO_SUCH_ID, { content: "x" })).rejects.toMatchObject({ kind: "not_found", status: 404, code: 10003 });
    await expect(postMessage(channelId(GUILD_IDS.pixelRaiders, "general"), { content: "x" })).rejects.toMatchObject({
      kind: "forbidden",
      status: 403,
      code: 50001,
    });
    await expect(postMessage(channelId(GUILD_IDS.workshop, "Community"), { content: "x" })).rejects.toMatchObject({
      kind: "bad_request",
      code: 50008,
    });
    expect(platformFieldErrors(await failure(postMessage(general(), { content: "" })))).toEqual([]);
  });

  it("refuses a channel id that is not a snowflake before any call", async () => {
    await expect(postMessage("../guilds/1", { content: "x" })).rejects.toMatchObject({ kind: "bad_request", status: 400 });
    expect(harness.emulator.calls().total).toBe(0);
  });
});

describe("editMessage, getMessage, listMessages, deleteMessage", () => {
  it("edits the content and keeps the embeds", async () => {
    const message = await postMessage(general(), { content: "draft", embeds: [{ title: "Keep" }] });
    const edited = await editMessage(general(), message.id, { content: "final" });
    expect(edited).toMatchObject({ id: message.id, content: "final", embeds: [{ title: "Keep" }] });
    expect(edited.edited_timestamp).not.toBeNull();
    await expect(editMessage(general(), message.id, { content: null, embeds: null })).rejects.toMatchObject({ code: 50006 });
    await expect(editMessage(general(), NO_SUCH_ID, { content: "x" })).rejects.toMatchObject({ kind: "not_found", code: 10008 });
    await expect(editMessage(general(), "latest", { content: "x" })).rejects.toMatchObject({ kind: "bad_request" });
  });

  it("reads a message every time (not cached), and null once it is gone", async () => {
    const message = await postMessage(general(), { content: "read me" });
    await expect(getMessage(general(), message.id)).resolves.toMatchObject({ id: message.id, content: "read me" });
    await getMessage(general(), message.id);
    expect(harness.callsTo(`GET ${MESSAGE_ROUTE}`)).toBe(2);
    await expect(deleteMessage(general(), message.id)).resolves.toBe(true);
    await expect(getMessage(general(), message.id)).resolves.toBeNull();
    await expect(deleteMessage(general(), message.id)).resolves.toBe(false);
    expect(harness.emulator.messages(general())).toEqual([]);
    // Other failures still throw.
    await expect(getMessage(NO_SUCH_ID, message.id)).rejects.toMatchObject({ kind: "not_found", code: 10003 });
  });

  it("lists newest first, with limit clamped to 1..100 and paging ids checked", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) ids.push((await postMessage(general(), { content: `m${i}` })).id);
    expect((await listMessages(general())).map((message) => message.content)).toEqual(["m3", "m2", "m1", "m0"]);
    expect((await listMessages(general(), { limit: 2 })).map((message) => message.content)).toEqual(["m3", "m2"]);
    expect((await listMessages(general(), { limit: 0 })).map((message) => message.content)).toEqual(["m3"]);
    expect(await listMessages(general(), { limit: 500 })).toHaveLength(4);
    expect((await listMessages(general(), { before: ids[2]!, limit: 5 })).map((message) => message.content)).toEqual(["m1", "m0"]);
    await expect(listMessages(general(), { after: "0; DROP" })).rejects.toMatchObject({ kind: "bad_request" });
  });

  it("deletes someone else's message with MANAGE_MESSAGES", async () => {
    const theirs = await postMessage(general(), { content: "x" });
    harness.emulator.state.messages.get(general(), theirs.id)!.author_id = USER_IDS.ada;
    await expect(editMessage(general(), theirs.id, { content: "mine" })).rejects.toMatchObject({ kind: "forbidden", code: 50005 });
    await expect(deleteMessage(general(), theirs.id, { reason: "cleanup" })).resolves.toBe(true);
  });
});

describe("reactions", () => {
  it("adds unicode and custom emoji in every accepted form, once each", async () => {
    const message = await postMessage(general(), { content: "react" });
    const [solder, spinning] = ["solder", "gear_spin"].map((name) => harness.emulator.state.guild(GUILD_IDS.workshop)!.emojis.find((emoji) => emoji.name === name)!);
    await addReaction(general(), message.id, "🔴");
    await addReaction(general(), message.id, "🔴");
    await addReaction(general(), message.id, `<:solder:${solder!.id}>`);
    await addReaction(general(), message.id, `solder:${solder!.id}`);
    await addReaction(general(), message.id, `<a:gear_spin:${spinning!.id}>`);
    await addReaction(general(), message.id, "1️⃣");
    const read = await getMessage(general(), message.id);
    expect(read?.reactions?.map((reaction) => [reaction.emoji.id, reaction.emoji.name, reaction.count, reaction.me])).toEqual([
      [null, "🔴", 1, true],
      [solder!.id, "solder", 1, true],
      [spinning!.id, "gear_spin", 1, true],
      [null, "1️⃣", 1, true],
    ]);
    expect(harness.callsTo(REACTION_ROUTE)).toBe(6);
  });

  it("maps another guild's custom emoji to the platform's Unknown Emoji", async () => {
    const message = await postMessage(general(), { content: "react" });
    await expect(addReaction(general(), message.id, `<:party_blob:${CUSTOM_ID}>`)).rejects.toMatchObject({ kind: "bad_request", code: 10014 });
    const owl = harness.emulator.state.guild(GUILD_IDS.nightOwls)!.emojis[0]!;
    await expect(addReaction(general(), message.id, `<:${owl.name}:${owl.id}>`)).rejects.toMatchObject({ kind: "bad_request", code: 10014 });
  });

  it("removes the bot's reaction, and removing twice is fine", async () => {
    const message = await postMessage(general(), { content: "react" });
    await addReaction(general(), message.id, "🔴");
    await removeReaction(general(), message.id, "🔴");
    await removeReaction(general(), message.id, "🔴");
    expect((await getMessage(general(), message.id))?.reactions).toEqual([]);
  });

  it("lists everyone who reacted, a page of 100 at a time, by ascending id", async () => {
    const message = await postMessage(general(), { content: "react" });
    await addReaction(general(), message.id, "🔴");
    const others = [...harness.emulator.state.world.users.keys()].filter((id) => id !== message.author.id).slice(0, 150);
    harness.emulator.state.messages.get(general(), message.id)!.reactions[0]!.userIds.push(...others);
    harness.emulator.resetCalls();
    const users = await listReactionUsers(general(), message.id, "🔴");
    expect(users.map((user) => user.id)).toEqual([message.author.id, ...others].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1)));
    expect(harness.emulator.calls().byRoute[REACTION_USERS_ROUTE]).toBe(2);
    expect(await listReactionUsers(general(), message.id, "🟢")).toEqual([]);
    await expect(listReactionUsers(general(), NO_SUCH_ID, "🔴")).rejects.toMatchObject({ kind: "not_found", code: 10008 });
  });

  it("refuses bad emoji before any call, and maps the platform's Unknown Emoji", async () => {
    const message = await postMessage(general(), { content: "react" });
    harness.emulator.resetCalls();
    await expect(addReaction(general(), message.id, ":thumbsup:")).rejects.toMatchObject({ kind: "bad_request" });
    expect(harness.emulator.calls().total).toBe(0);
    // Non-ASCII that is no emoji gets past the client; the platform refuses it.
    await expect(addReaction(general(), message.id, "é")).rejects.toMatchObject({ kind: "bad_request", code: 10014 });
    await expect(addReaction(general(), NO_SUCH_ID, "🔴")).rejects.toMatchObject({ kind: "not_found", code: 10008 });
  });
});

describe("rate limits and server errors", () => {
  it("waits out a 429 with a short retry_after and posts once", async () => {
    harness.emulator.injectFault({ path: "/messages", method: "POST", status: 429, retry_after: 0.2, count: 1 });
    const { ms, result } = await elapsed(() => postMessage(general(), { content: "patience" }));
    expect(result.status).toBe("fulfilled");
    expect(ms).toBeGreaterThanOrEqual(150);
    expect(ms).toBeLessThan(3000);
    expect(harness.callsTo(POST_ROUTE)).toBe(2);
    expect(harness.emulator.messages(general()).map((message) => message.content)).toEqual(["patience"]);
  });

  it("rejects at once as rate_limited on a 429 with a long retry_after", async () => {
    harness.emulator.injectFault({ path: "/reactions/", method: "PUT", status: 429, retry_after: 30, count: 5 });
    const message = await postMessage(general(), { content: "react" });
    const { ms, result } = await elapsed(() => addReaction(general(), message.id, "🔴"));
    expect(result.status).toBe("rejected");
    expect((result as PromiseRejectedResult).reason).toMatchObject({ kind: "rate_limited", status: 429 });
    expect(((result as PromiseRejectedResult).reason as PlatformError).retryAfter).toBeGreaterThanOrEqual(29);
    expect(ms).toBeLessThan(2000);
  });

  it("retries a 500 once, then throws PlatformError server", async () => {
    harness.emulator.injectFault({ path: "/messages", method: "POST", status: 500, count: 2 });
    const error = await failure(postMessage(general(), { content: "x" }));
    expect(error).toMatchObject({ kind: "server", status: 500 });
    expect(harness.callsTo(POST_ROUTE)).toBe(2);
    expect(harness.emulator.messages(general())).toEqual([]);
  });

  it("gets through a single 503 on the retry", async () => {
    harness.emulator.injectFault({ path: "PATCH /channels/:id/messages/:id", status: 503, count: 1 });
    const message = await postMessage(general(), { content: "x" });
    await expect(editMessage(general(), message.id, { content: "y" })).resolves.toMatchObject({ content: "y" });
    expect(harness.callsTo(`PATCH ${MESSAGE_ROUTE}`)).toBe(2);
  });

  it("maps 5xx on delete and reactions too", async () => {
    const message = await postMessage(general(), { content: "x" });
    harness.emulator.injectFault({ path: "/reactions/", status: 502, count: 2 });
    await expect(addReaction(general(), message.id, "🔴")).rejects.toMatchObject({ kind: "server", status: 502 });
    harness.emulator.injectFault({ path: `/messages/${message.id}`, method: "DELETE", status: 500, count: 2 });
    await expect(deleteMessage(general(), message.id)).rejects.toMatchObject({ kind: "server", status: 500 });
    expect(harness.emulator.messages(general())).toHaveLength(1);
  });
});
