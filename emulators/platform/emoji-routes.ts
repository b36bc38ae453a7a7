import { z } from "zod";

import * as errors from "./api-errors";
import type { ApiResponse } from "./api-errors";
import type { Auth, Route } from "./api-routes";
import type { EmojiRecord, GuildRecord } from "./model";
import { PERMISSIONS } from "./permissions";
import * as serialize from "./serialize";
import type { PlatformState } from "./state";
import { parse } from "./validation";

// A guild's custom emojis written with the bot token (POST /guilds/{id}/emojis, PATCH and DELETE
// /guilds/{id}/emojis/{emoji}), as Discord has them: an upload is a data URI of at most 256 KiB;
// a GIF, or a WebP with an animation chunk, makes an animated emoji; the name is 2 to 32 letters,
// digits or underscores. Creating needs MANAGE_GUILD_EXPRESSIONS or CREATE_GUILD_EXPRESSIONS;
// changing or deleting needs MANAGE_GUILD_EXPRESSIONS, or CREATE for the bot's own uploads.
// Slots are counted per kind (static, animated) against the guild's boost tier.

/** Discord's bound on an emoji image, decoded. */
export const MAX_EMOJI_BYTES = 256 * 1024;
/** Emoji slots per kind by premium_tier. */
export const EMOJI_SLOTS: Record<0 | 1 | 2 | 3, number> = { 0: 50, 1: 100, 2: 150, 3: 250 };

const DATA_URI = /^data:image\/(png|jpeg|gif|webp);base64,([A-Za-z0-9+/]+={0,2})$/;
const name = z.string().regex(/^[A-Za-z0-9_]{2,32}$/, "Must be between 2 and 32 in length and only contain alphanumeric characters and underscores.");
const roles = z.array(z.string().regex(/^\d{1,20}$/)).max(250);

const creation = z.object({ name, image: z.string(), roles: roles.nullable().optional() });
const changes = z.object({ name: name.optional(), roles: roles.nullable().optional() });

const has = (permissions: bigint, bit: bigint) => (permissions & bit) === bit;

function formError(field: string, code: string, message: string): ApiResponse {
  return { status: 400, body: { message: "Invalid Form Body", code: 50035, errors: { [field]: { _errors: [{ code, message }] } } } };
}

const slotsFull = (animated: boolean, max: number): ApiResponse =>
  animated
    ? { status: 400, body: { message: `Maximum number of animated emojis reached (${max})`, code: 30018 } }
    : { status: 400, body: { message: `Maximum number of emojis reached (${max})`, code: 30008 } };

const unknownEmoji = (): ApiResponse => ({ status: 404, body: { message: "Unknown Emoji", code: 10014 } });

/** An animated WebP carries an ANIM chunk after its VP8X header. */
function isAnimated(type: string, bytes: Buffer): boolean {
  return type === "gif" || (type === "webp" && bytes.subarray(12, 64).includes("ANIM"));
}

function guildFor(state: PlatformState, id: string): GuildRecord | ApiResponse {
  const guild = state.guild(id);
  if (!guild) return errors.unknownGuild();
  if (!state.botIn(guild)) return errors.missingAccess();
  return guild;
}

const isResponse = (value: unknown): value is ApiResponse => typeof value === "object" && value !== null && "status" in value;

/** The emoji the bot may change: MANAGE_GUILD_EXPRESSIONS, or CREATE_GUILD_EXPRESSIONS on its own upload. */
function changeable(state: PlatformState, params: Record<string, string>, auth: Auth): { guild: GuildRecord; emoji: EmojiRecord } | ApiResponse {
  const guild = guildFor(state, params.guild ?? "");
  if (isResponse(guild)) return guild;
  const emoji = guild.emojis.find((candidate) => candidate.id === params.emoji);
  if (!emoji) return unknownEmoji();
  const permissions = state.permissions(guild, auth.userId) ?? 0n;
  const own = emoji.user_id === auth.userId && has(permissions, PERMISSIONS.CreateGuildExpressions);
  if (!has(permissions, PERMISSIONS.ManageGuildExpressions) && !own) return errors.missingPermissions();
  return { guild, emoji };
}

const uploaderOf = (state: PlatformState, emoji: EmojiRecord) => (emoji.user_id ? state.user(emoji.user_id) : undefined);

export const EMOJI_ROUTES: readonly Route[] = [
  {
    method: "POST",
    pattern: ["guilds", ":guild", "emojis"],
    auth: "bot",
    handle({ state, body }, params, auth) {
      const guild = guildFor(state, params.guild ?? "");
      if (isResponse(guild)) return guild;
      const permissions = state.permissions(guild, auth.userId) ?? 0n;
      if (!has(permissions, PERMISSIONS.ManageGuildExpressions) && !has(permissions, PERMISSIONS.CreateGuildExpressions)) return errors.missingPermissions();
      const parsed = parse(creation, body);
      if (!parsed.ok) return parsed.response;
      const image = DATA_URI.exec(parsed.data.image);
      if (!image) return formError("image", "IMAGE_INVALID", "Invalid image data");
      const [, type, base64] = image as unknown as [string, string, string];
      const bytes = Buffer.from(base64, "base64");
      if (bytes.byteLength === 0) return formError("image", "IMAGE_INVALID", "Invalid image data");
      if (bytes.byteLength > MAX_EMOJI_BYTES) return formError("image", "BINARY_TYPE_MAX_SIZE", "File cannot be larger than 256.0 kb.");
      const animated = isAnimated(type, bytes);
      const max = EMOJI_SLOTS[guild.premium_tier];
      if (guild.emojis.filter((emoji) => emoji.animated === animated).length >= max) return slotsFull(animated, max);
      const record: EmojiRecord = {
        id: state.newId(),
        name: parsed.data.name,
        roles: parsed.data.roles ?? [],
        user_id: auth.userId,
        require_colons: true,
        managed: false,
        animated,
        available: true,
      };
      guild.emojis.push(record);
      state.emojiImages.set(record.id, { bytes, contentType: `image/${type}` });
      return { status: 201, body: serialize.emoji(record, uploaderOf(state, record)) };
    },
  },
  {
    method: "PATCH",
    pattern: ["guilds", ":guild", "emojis", ":emoji"],
    auth: "bot",
    handle({ state, body }, params, auth) {
      const found = changeable(state, params, auth);
      if (isResponse(found)) return found;
      const parsed = parse(changes, body);
      if (!parsed.ok) return parsed.response;
      if (parsed.data.name !== undefined) found.emoji.name = parsed.data.name;
      if (parsed.data.roles !== undefined) found.emoji.roles = parsed.data.roles ?? [];
      return errors.ok(serialize.emoji(found.emoji, uploaderOf(state, found.emoji)));
    },
  },
  {
    method: "DELETE",
    pattern: ["guilds", ":guild", "emojis", ":emoji"],
    auth: "bot",
    handle({ state }, params, auth) {
      const found = changeable(state, params, auth);
      if (isResponse(found)) return found;
      found.guild.emojis = found.guild.emojis.filter((emoji) => emoji !== found.emoji);
      state.emojiImages.delete(found.emoji.id);
      return errors.noContent();
    },
  },
];
