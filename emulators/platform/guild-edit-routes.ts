import { z } from "zod";

import * as errors from "./api-errors";
import type { ApiResponse } from "./api-errors";
import type { Route } from "./api-routes";
import type { ChannelRecord, GuildRecord } from "./model";
import { PERMISSIONS } from "./permissions";
import * as serialize from "./serialize";
import { tooManyRequests } from "./rate-limit";
import type { PlatformState } from "./state";
import { parse, snowflake } from "./validation";

// What the bot changes in a guild besides messages (bot token only): a channel's name (the
// statistics counters), a new voice channel and its category and member limit (the temporary
// channels' creator channel), and a member's roles (the birthday role). Renames are limited as on
// Discord: two requests carrying a name per channel per ten minutes (the same name counts
// too), the third answered 429 until the first is ten minutes old, whatever the route's
// bucket says.

export const RENAMES_PER_WINDOW = 2;
export const RENAME_WINDOW_MS = 10 * 60_000;

const has = (permissions: bigint, bit: bigint) => (permissions & bit) === bit;

const roleCreation = z.object({
  name: z.string().max(100).default("new role"),
  permissions: z.string().regex(/^\d{1,20}$/).optional(),
  color: z.number().int().min(0).max(0xffffff).default(0),
  hoist: z.boolean().default(false),
  mentionable: z.boolean().default(false),
});

/** Discord's cap on roles in one guild. */
export const MAX_ROLES = 250;
const channelName = z.string().min(1).max(100);
const userLimit = z.number().int().min(0).max(99);
const channelChanges = z.object({ name: channelName.optional(), parent_id: snowflake.nullable().optional(), user_limit: userLimit.optional() });
/** What Create Guild Channel takes here: text, voice and category channels (the kinds the dashboard makes). */
const newChannel = z.object({ name: channelName, type: z.union([z.literal(0), z.literal(2), z.literal(4)]).default(0), parent_id: snowflake.nullable().optional(), user_limit: userLimit.optional() });

/** A category of the guild for parent_id, or the error Discord answers for anything else. */
function parentOf(guild: GuildRecord, parentId: string | null | undefined): string | null | ApiResponse {
  if (parentId === undefined || parentId === null) return null;
  const parent = guild.channels.find((candidate) => candidate.id === parentId);
  return parent?.type === 4 ? parent.id : invalidForm("parent_id", "CHANNEL_PARENT_INVALID_TYPE", "Not a category");
}

const invalidForm = (field: string, code: string, message: string): ApiResponse => ({
  status: 400,
  body: { code: 50035, message: "Invalid Form Body", errors: { [field]: { _errors: [{ code, message }] } } },
});

const isResponseValue = (value: unknown): value is ApiResponse => typeof value === "object" && value !== null && "status" in value;

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
    // A new role goes just above @everyone, as on Discord; it may not hold a permission the bot lacks.
    method: "POST",
    pattern: ["guilds", ":guild", "roles"],
    auth: "bot",
    handle({ state, body }, params, auth) {
      const guild = state.guild(params.guild ?? "");
      if (!guild) return errors.unknownGuild();
      if (!state.botIn(guild)) return errors.missingAccess();
      const permissions = state.permissions(guild, auth.userId) ?? 0n;
      if (!has(permissions, PERMISSIONS.ManageRoles)) return errors.missingPermissions();
      const parsed = parse(roleCreation, body);
      if (!parsed.ok) return parsed.response;
      const wanted = BigInt(parsed.data.permissions ?? "0");
      if (!has(permissions, PERMISSIONS.Administrator) && (wanted & ~permissions) !== 0n) return errors.missingPermissions();
      if (guild.roles.length >= MAX_ROLES) return { status: 400, body: { message: `Maximum number of guild roles reached (${MAX_ROLES})`, code: 30005 } };
      for (const role of guild.roles) if (role.id !== guild.id) role.position += 1;
      const { name, color, hoist, mentionable } = parsed.data;
      const role = { id: state.newId(), name, color, colors: { primary_color: color, secondary_color: null, tertiary_color: null }, hoist, icon: null, unicode_emoji: null, position: 1, permissions: wanted.toString(), managed: false, mentionable, flags: 0 };
      guild.roles.push(role);
      return errors.ok(serialize.role(role));
    },
  },
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
      const { name, parent_id: parentId, user_limit: limit } = parsed.data;
      const parent = parentOf(guild, parentId);
      if (isResponseValue(parent)) return parent;
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
      if (parentId !== undefined) channel.parent_id = parent;
      if (limit !== undefined && channel.type === 2) channel.user_limit = limit;
      return errors.ok(serialize.channel(channel));
    },
  },
  {
    method: "POST",
    pattern: ["guilds", ":guild", "channels"],
    auth: "bot",
    handle({ state, body }, params, auth) {
      const guild = state.guild(params.guild ?? "");
      if (!guild) return errors.unknownGuild();
      if (!state.botIn(guild)) return errors.missingAccess();
      if (!has(state.permissions(guild, auth.userId) ?? 0n, PERMISSIONS.ManageChannels)) return errors.missingPermissions();
      const parsed = parse(newChannel, body);
      if (!parsed.ok) return parsed.response;
      const { name, type, parent_id: parentId, user_limit: limit } = parsed.data;
      const parent = parentOf(guild, parentId);
      if (isResponseValue(parent)) return parent;
      const siblings = guild.channels.filter((candidate) => candidate.parent_id === parent);
      const channel: ChannelRecord = {
        id: state.newId(),
        type,
        guild_id: guild.id,
        // Discord lowercases and hyphenates text channel names; voice and category names stay as given.
        name: type === 0 ? name.toLowerCase().replace(/\s+/g, "-") : name,
        position: Math.max(-1, ...siblings.map((candidate) => candidate.position)) + 1,
        parent_id: type === 4 ? null : parent,
        permission_overwrites: [],
        nsfw: false,
        flags: 0,
        ...(type === 2 ? { bitrate: 64000, user_limit: limit ?? 0, rtc_region: null, rate_limit_per_user: 0, last_message_id: null, video_quality_mode: 1 } : {}),
        ...(type === 0 ? { topic: null, rate_limit_per_user: 0, last_message_id: null } : {}),
      };
      guild.channels.push(channel);
      return { status: 201, body: serialize.channel(channel) };
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
