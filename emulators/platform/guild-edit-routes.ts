import { z } from "zod";

import * as errors from "./api-errors";
import type { ApiResponse } from "./api-errors";
import type { Route } from "./api-routes";
import type { GuildRecord } from "./model";
import { PERMISSIONS } from "./permissions";
import * as serialize from "./serialize";
import { tooManyRequests } from "./rate-limit";
import type { PlatformState } from "./state";
import { parse } from "./validation";

// What the bot changes in a guild besides messages (bot token only): a channel's name (the
// statistics counters) and a member's roles (the birthday role). Renames are limited as on
// Discord: two requests carrying a name per channel per ten minutes (the same name counts
// too), the third answered 429 until the first is ten minutes old, whatever the route's
// bucket says.

export const RENAMES_PER_WINDOW = 2;
export const RENAME_WINDOW_MS = 10 * 60_000;

const has = (permissions: bigint, bit: bigint) => (permissions & bit) === bit;

const channelChanges = z.object({ name: z.string().min(1).max(100).optional() });

/** The bot's highest role position: it may only give or take roles below it. */
function botTop(guild: GuildRecord, botId: string): number {
  const roles = guild.members.get(botId)?.roles ?? [];
  return Math.max(0, ...guild.roles.filter((role) => roles.includes(role.id)).map((role) => role.position));
}

function memberRole(state: PlatformState, params: Record<string, string>, botId: string, change: (roles: string[], roleId: string) => string[]): ApiResponse {
  const guild = state.guild(params.guild ?? "");
  if (!guild) return errors.unknownGuild();
  if (!state.botIn(guild)) return errors.missingAccess();
  const role = guild.roles.find((candidate) => candidate.id === params.role && candidate.id !== guild.id);
  if (!role) return errors.unknownRole();
  const member = guild.members.get(params.user ?? "");
  if (!member) return errors.unknownMember();
  const permissions = state.permissions(guild, botId) ?? 0n;
  if (!has(permissions, PERMISSIONS.ManageRoles) || role.managed || role.position >= botTop(guild, botId)) return errors.missingPermissions();
  member.roles = change(member.roles, role.id);
  return errors.noContent();
}

export const GUILD_EDIT_ROUTES: readonly Route[] = [
  {
    method: "PATCH",
    pattern: ["channels", ":channel"],
    auth: "bot",
    handle({ state, body }, params, auth) {
      const found = state.channel(params.channel ?? "");
      if (!found) return errors.unknownChannel();
      const { guild, channel } = found;
      const permissions = state.channelPermissions(guild, channel, auth.userId);
      if (permissions === null || !has(permissions, PERMISSIONS.ViewChannel)) return errors.missingAccess();
      if (!has(permissions, PERMISSIONS.ManageChannels)) return errors.missingPermissions();
      const parsed = parse(channelChanges, body);
      if (!parsed.ok) return parsed.response;
      const { name } = parsed.data;
      if (name !== undefined) {
        const now = state.now();
        const recent = (state.channelRenames.get(channel.id) ?? []).filter((at) => now - at < RENAME_WINDOW_MS);
        if (recent.length >= RENAMES_PER_WINDOW) {
          const limited = tooManyRequests(((recent[0] as number) + RENAME_WINDOW_MS - now) / 1000, false, {});
          return { status: 429, body: limited.body, headers: limited.headers };
        }
        state.channelRenames.set(channel.id, [...recent, now]);
        channel.name = name;
      }
      return errors.ok(serialize.channel(channel));
    },
  },
  {
    method: "PUT",
    pattern: ["guilds", ":guild", "members", ":user", "roles", ":role"],
    auth: "bot",
    handle: ({ state }, params, auth) => memberRole(state, params, auth.userId, (roles, id) => (roles.includes(id) ? roles : [...roles, id])),
  },
  {
    method: "DELETE",
    pattern: ["guilds", ":guild", "members", ":user", "roles", ":role"],
    auth: "bot",
    handle: ({ state }, params, auth) => memberRole(state, params, auth.userId, (roles, id) => roles.filter((candidate) => candidate !== id)),
  },
];
