import { createHash } from "node:crypto";

import { z } from "zod";

import * as errors from "./api-errors";
import type { Route } from "./api-routes";
import { tooManyRequests } from "./rate-limit";
import * as serialize from "./serialize";
import { parse } from "./validation";

// What a bot token may ask about itself (Guildhall's, or a custom bot's from data/applications.ts):
// its application (GET /applications/@me), a change of its avatar (PATCH /users/@me; GET
// /users/@me is in api-routes.ts) and of its avatar in one server (PATCH /guilds/{id}/members/@me,
// Guildhall's bot only: the NFT avatars). Avatar changes are limited as on Discord: one per bot per ten
// minutes, the next answered 429 with the wait until the window has passed.

export const AVATAR_CHANGES_PER_WINDOW = 1;
export const AVATAR_WINDOW_MS = 10 * 60_000;

const DATA_URI = /^data:image\/(png|jpeg|gif|webp);base64,([A-Za-z0-9+/]+={0,2})$/;

const userChanges = z.object({
  username: z.string().min(2).max(32).optional(),
  avatar: z.string().regex(DATA_URI, "Invalid image data").nullable().optional(),
});

const memberChanges = z.object({
  nick: z.string().max(32).nullable().optional(),
  avatar: z.string().regex(DATA_URI, "Invalid image data").nullable().optional(),
});

export const APPLICATION_ROUTES: readonly Route[] = [
  {
    method: "PATCH",
    pattern: ["guilds", ":guild", "members", "@me"],
    auth: "bot",
    handle({ state, body }, params, auth) {
      const guild = state.guild(params.guild ?? "");
      if (!guild) return errors.unknownGuild();
      const record = guild.members.get(auth.userId);
      const user = state.user(auth.userId);
      if (!record || !user) return errors.missingAccess();
      const parsed = parse(memberChanges, body);
      if (!parsed.ok) return parsed.response;
      const { nick, avatar } = parsed.data;
      if (avatar !== undefined) record.avatar = avatar === null ? null : storeAvatar(state.avatarImages, avatar);
      if (nick !== undefined) record.nick = nick;
      return errors.ok(serialize.member(record, user));
    },
  },
  {
    method: "GET",
    pattern: ["applications", "@me"],
    auth: "bot",
    customBots: true,
    handle({ state }, _params, auth) {
      const application = state.application(auth.userId);
      const bot = state.user(auth.userId);
      const owner = application && state.user(application.owner_id);
      if (!application || !bot || !owner) return errors.unauthorized();
      const guilds = [...state.world.guilds.values()].filter((guild) => guild.members.has(bot.id)).length;
      return errors.ok(serialize.application(application, bot, owner, guilds));
    },
  },
  {
    method: "PATCH",
    pattern: ["users", "@me"],
    auth: "bot",
    customBots: true,
    handle({ state, body }, _params, auth) {
      const user = state.user(auth.userId);
      if (!user) return errors.unauthorized();
      const parsed = parse(userChanges, body);
      if (!parsed.ok) return parsed.response;
      const { username, avatar } = parsed.data;
      if (avatar !== undefined) {
        const now = state.now();
        const recent = (state.avatarChanges.get(user.id) ?? []).filter((at) => now - at < AVATAR_WINDOW_MS);
        if (recent.length >= AVATAR_CHANGES_PER_WINDOW) {
          const limited = tooManyRequests(((recent[0] as number) + AVATAR_WINDOW_MS - now) / 1000, false, {});
          return { status: 429, body: limited.body, headers: limited.headers };
        }
        state.avatarChanges.set(user.id, [...recent, now]);
        user.avatar = avatar === null ? null : storeAvatar(state.avatarImages, avatar);
      }
      if (username !== undefined) user.username = username;
      return errors.ok(serialize.currentUser(user, "bot"));
    },
  },
];

/** Keeps the picture for the CDN and answers its hash (an animated GIF's starts with a_, as on Discord). */
export function storeAvatar(images: Map<string, { bytes: Buffer; contentType: string }>, dataUri: string): string {
  const [, type, base64] = DATA_URI.exec(dataUri) as unknown as [string, string, string];
  const bytes = Buffer.from(base64, "base64");
  const hash = `${type === "gif" ? "a_" : ""}${createHash("md5").update(bytes).digest("hex")}`;
  images.set(hash, { bytes, contentType: `image/${type}` });
  return hash;
}
