import "server-only";

import { randomBytes } from "node:crypto";

import { makeURLSearchParams } from "@discordjs/rest";
import {
  Routes,
  type RESTGetAPIChannelMessageReactionUsersResult,
  type RESTGetAPIChannelMessageResult,
  type RESTGetAPIChannelMessagesQuery,
  type RESTGetAPIChannelMessagesResult,
  type RESTPatchAPIChannelMessageJSONBody,
  type RESTPatchAPIChannelMessageResult,
  type RESTPostAPIChannelMessageJSONBody,
  type RESTPostAPIChannelMessageResult,
} from "discord-api-types/v10";

import { PlatformError, PlatformErrorCode } from "./errors";
import { botDelete, botGet, botPatch, botPost, botPut } from "./rest";
import { isSnowflake } from "./snowflake";

// Messages the bot posts, edits and reacts to, with the bot token. Never cached:
// every call goes to the platform (through the shared bot client, so rate limits
// are waited out or rejected like every other bot call). Ids are checked to be
// snowflakes and emoji are validated before anything goes into a URL path.
//
// Content limits are the platform's (lib/platform-messages checks them before sending);
// when the platform refuses a body the PlatformError has code 50035 and
// platformFieldErrors() (errors.ts) lists the fields.

export type MessageBody = RESTPostAPIChannelMessageJSONBody;
export type MessageEdit = RESTPatchAPIChannelMessageJSONBody;

/** The platform's cap on `limit` when listing messages. */
export const MAX_MESSAGES_PAGE = 100;
/** The platform's cap on `limit` when listing who reacted. */
const MAX_REACTION_USERS_PAGE = 100;
/** The platform's cap on a nonce's length. */
const MAX_NONCE_LENGTH = 25;

function badRequest(message: string): PlatformError {
  return new PlatformError(message, { kind: "bad_request", status: 400 });
}

function requireSnowflake(value: string, name: string): void {
  if (!isSnowflake(value)) throw badRequest(`Invalid ${name}: not a snowflake`);
}

function requireIds(channelId: string, messageId?: string): void {
  requireSnowflake(channelId, "channel id");
  if (messageId !== undefined) requireSnowflake(messageId, "message id");
}

/** A random nonce (16 characters) for one send. */
function newNonce(): string {
  return randomBytes(12).toString("base64url");
}

/**
 * Posts a message in a text or announcement channel and returns it.
 *
 * Unless `body.nonce` is given, the message gets a fresh nonce with `enforce_nonce`,
 * so the client's retry after a 5xx or a timeout (when the first attempt may have
 * been posted after all) returns the same message instead of posting it twice.
 * Pass your own nonce (at most 25 characters) to make a send idempotent across calls.
 *
 * `allowed_mentions` is passed through as given; without it the platform pings every
 * user, role and @everyone the content mentions (as far as the bot may).
 *
 * Throws PlatformError: not_found 10003 (unknown channel), forbidden 50001 (bot not in
 * the guild or cannot see the channel) or 50013 (cannot send there), bad_request 50008
 * (not a text channel), 50006 (empty message) or 50035 (over a limit).
 */
export async function postMessage(channelId: string, body: MessageBody): Promise<RESTPostAPIChannelMessageResult> {
  requireIds(channelId);
  if (typeof body.nonce === "string" && [...body.nonce].length > MAX_NONCE_LENGTH) {
    throw badRequest(`Invalid nonce: more than ${MAX_NONCE_LENGTH} characters`);
  }
  const payload: MessageBody = body.nonce === undefined ? { ...body, nonce: newNonce(), enforce_nonce: true } : body;
  return botPost<RESTPostAPIChannelMessageResult>(Routes.channelMessages(channelId), { body: payload });
}

/**
 * Edits a message the bot posted: keys left out stay as they are, `null` clears
 * content, embeds or components. Returns the edited message (with `edited_timestamp`).
 * Throws PlatformError: not_found 10008 (unknown message), forbidden 50005 (someone
 * else's message), bad_request 50006 / 50035, and the channel errors of postMessage.
 */
export async function editMessage(channelId: string, messageId: string, body: MessageEdit): Promise<RESTPatchAPIChannelMessageResult> {
  requireIds(channelId, messageId);
  return botPatch<RESTPatchAPIChannelMessageResult>(Routes.channelMessage(channelId, messageId), { body });
}

/** A message of the channel, or null when it does not exist (any more): platform code 10008. */
export async function getMessage(channelId: string, messageId: string): Promise<RESTGetAPIChannelMessageResult | null> {
  requireIds(channelId, messageId);
  try {
    return await botGet<RESTGetAPIChannelMessageResult>(Routes.channelMessage(channelId, messageId));
  } catch (error) {
    if (error instanceof PlatformError && error.code === PlatformErrorCode.UNKNOWN_MESSAGE) return null;
    throw error;
  }
}

/**
 * The channel's messages, newest first: the latest `limit` (clamped to 1..100,
 * default 50), or those before, after or around a message id.
 */
export async function listMessages(
  channelId: string,
  query: RESTGetAPIChannelMessagesQuery = {},
): Promise<RESTGetAPIChannelMessagesResult> {
  requireIds(channelId);
  for (const key of ["before", "after", "around"] as const) {
    const value = query[key];
    if (value !== undefined) requireSnowflake(value, `${key} id`);
  }
  const limit = query.limit === undefined ? undefined : Math.min(MAX_MESSAGES_PAGE, Math.max(1, Math.trunc(Number.isFinite(query.limit) ? query.limit : 50)));
  return botGet<RESTGetAPIChannelMessagesResult>(Routes.channelMessages(channelId), {
    query: makeURLSearchParams({ ...query, limit }),
  });
}

/**
 * Deletes a message (the bot's own, or anyone's with MANAGE_MESSAGES). True when it
 * was deleted, false when it was already gone (10008), so a retried delete is not an error.
 */
export async function deleteMessage(channelId: string, messageId: string, options: { reason?: string } = {}): Promise<boolean> {
  requireIds(channelId, messageId);
  try {
    await botDelete(Routes.channelMessage(channelId, messageId), options.reason === undefined ? {} : { reason: options.reason });
    return true;
  } catch (error) {
    if (error instanceof PlatformError && error.code === PlatformErrorCode.UNKNOWN_MESSAGE) return false;
    throw error;
  }
}

// Custom emoji as chat shows them (<:name:id>, <a:name:id>) or as routes want them
// (name:id, with an optional a: prefix). Names are 2 to 32 letters, digits or _.
const CUSTOM_CHAT_FORM = /^<a?:([A-Za-z0-9_]{2,32}):(\d{17,20})>$/;
const CUSTOM_ROUTE_FORM = /^(?:a:)?([A-Za-z0-9_]{2,32}):(\d{17,20})$/;
// Unicode emoji sequences are short (the longest RGI sequences are 10 code points).
const MAX_UNICODE_EMOJI_UNITS = 64;

/**
 * The `{emoji}` path segment of a reaction route: a custom emoji (`<:name:id>`,
 * `<a:name:id>`, `name:id` or `a:name:id`) becomes `name%3Aid`, a unicode emoji is
 * percent-encoded (🔴 → %F0%9F%94%B4). Throws PlatformError bad_request for anything
 * that cannot be an emoji (empty, whitespace, plain ASCII like ":smile:" or "abc").
 */
export function encodeReactionEmoji(emoji: string): string {
  const value = emoji.trim();
  const custom = CUSTOM_CHAT_FORM.exec(value) ?? CUSTOM_ROUTE_FORM.exec(value);
  if (custom) {
    const [, name, id] = custom as unknown as [string, string, string];
    if (!isSnowflake(id)) throw badRequest("Invalid emoji: the id is not a snowflake");
    return encodeURIComponent(`${name}:${id}`);
  }
  const plausible =
    value !== "" &&
    value.length <= MAX_UNICODE_EMOJI_UNITS &&
    !/\s/.test(value) &&
    // The only ASCII in emoji sequences is a keycap's base (0-9, # or *, as in 1️⃣), and
    // every emoji has a code point beyond ASCII (a keycap has U+FE0F and U+20E3).
    !/[\x00-\x22\x24-\x29\x2b-\x2f\x3a-\x7f]/.test(value) &&
    /[^\x00-\x7f]/.test(value) &&
    // A well-formed string (no lone surrogates), or encodeURIComponent would throw.
    !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(value);
  if (!plausible) throw badRequest("Invalid emoji: expected a unicode emoji or a custom emoji as <:name:id> or name:id");
  return encodeURIComponent(value);
}

/**
 * Reacts to a message as the bot (idempotent). Throws PlatformError: bad_request for an
 * emoji that is not one (before any call, or platform code 10014), 30010 at 20 distinct
 * emoji, forbidden 50013 without ADD_REACTIONS or READ_MESSAGE_HISTORY, not_found 10008.
 */
export async function addReaction(channelId: string, messageId: string, emoji: string): Promise<void> {
  requireIds(channelId, messageId);
  await botPut(Routes.channelMessageOwnReaction(channelId, messageId, encodeReactionEmoji(emoji)));
}

/** Takes the bot's reaction off a message (no error when it was not there). */
export async function removeReaction(channelId: string, messageId: string, emoji: string): Promise<void> {
  requireIds(channelId, messageId);
  await botDelete(Routes.channelMessageOwnReaction(channelId, messageId, encodeReactionEmoji(emoji)));
}

/**
 * Everyone who reacted to a message with one emoji (the bot included), by ascending user id:
 * pages of 100 read one after another until the last. Throws PlatformError like addReaction
 * (bad_request for an emoji that is not one, not_found 10008 for a message that is gone).
 */
export async function listReactionUsers(channelId: string, messageId: string, emoji: string): Promise<RESTGetAPIChannelMessageReactionUsersResult> {
  requireIds(channelId, messageId);
  const encoded = encodeReactionEmoji(emoji);
  const users: RESTGetAPIChannelMessageReactionUsersResult = [];
  for (;;) {
    const after = users.at(-1)?.id;
    const page = await botGet<RESTGetAPIChannelMessageReactionUsersResult>(Routes.channelMessageReaction(channelId, messageId, encoded), {
      query: makeURLSearchParams({ limit: MAX_REACTION_USERS_PAGE, ...(after ? { after } : {}) }),
    });
    users.push(...page);
    if (page.length < MAX_REACTION_USERS_PAGE) return users;
  }
}
