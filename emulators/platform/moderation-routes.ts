import { z } from "zod";

import * as errors from "./api-errors";
import type { ApiResponse } from "./api-errors";
import type { ApiRequest, Route } from "./api-routes";
import type { GuildRecord } from "./model";
import { AUDIT_ACTIONS, MAX_DELETE_MESSAGE_SECONDS, MAX_TIMEOUT_MS, ban, isAdministrator, kick, mayActOn, recordAudit, sameOverwrite, timeout, unban } from "./moderation";
import { PERMISSIONS } from "./permissions";
import * as serialize from "./serialize";
import { compareSnowflakes } from "./snowflake";
import { parse, queryInt, snowflake } from "./validation";

// The moderation routes of the platform a bot uses (bot token only): bans, kicks, timeouts,
// channel permission overwrites (a lockdown) and the guild's audit log, with the platform's
// permission and role-hierarchy refusals (403 Missing Permissions, nothing changed).

const unknownBan = () => ({ status: 404, body: { message: "Unknown Ban", code: 10026 } }) satisfies ApiResponse;
const has = (permissions: bigint, bit: bigint) => (permissions & bit) === bit;

/** The guild the bot is in, and the bot's guild permissions; or the platform's error. */
function botGuild(request: ApiRequest, guildId: string, botId: string): { guild: GuildRecord; permissions: bigint } | ApiResponse {
  const guild = request.state.guild(guildId);
  if (!guild) return errors.unknownGuild();
  if (!request.state.botIn(guild)) return errors.missingAccess();
  return { guild, permissions: request.state.permissions(guild, botId) ?? 0n };
}

const isResponse = (value: object): value is ApiResponse => "status" in value;
const reasonOf = (request: ApiRequest) => request.auditReason ?? null;

const banListQuery = z.object({ limit: queryInt(1, 1000, 1000), before: snowflake.optional(), after: snowflake.optional() });
const banBody = z.object({
  delete_message_seconds: z.int().min(0).max(MAX_DELETE_MESSAGE_SECONDS).optional(),
  /** Deprecated by the platform, still accepted. */
  delete_message_days: z.int().min(0).max(7).optional(),
});
const memberChanges = z.object({ communication_disabled_until: z.iso.datetime({ offset: true }).nullable().optional() });
const overwriteBody = z.object({
  type: z.union([z.literal(0), z.literal(1)]),
  allow: z.string().regex(/^\d{1,20}$/).nullable().optional(),
  deny: z.string().regex(/^\d{1,20}$/).nullable().optional(),
});
const auditQuery = z.object({
  user_id: snowflake.optional(),
  action_type: z.coerce.number().int().min(1).max(255).optional(),
  before: snowflake.optional(),
  after: snowflake.optional(),
  limit: queryInt(1, 100, 50),
});

export const MODERATION_ROUTES: readonly Route[] = [
  {
    method: "GET",
    pattern: ["guilds", ":guild", "bans"],
    auth: "bot",
    handle(request, params, auth) {
      const found = botGuild(request, params.guild ?? "", auth.userId);
      if (isResponse(found)) return found;
      if (!has(found.permissions, PERMISSIONS.BanMembers)) return errors.missingPermissions();
      const parsed = parse(banListQuery, request.query);
      if (!parsed.ok) return parsed.response;
      const { limit, before, after } = parsed.data;
      const all = [...request.state.bansOf(found.guild.id).values()].sort((a, b) => compareSnowflakes(a.user_id, b.user_id));
      // As the platform pages them: by user id, `after` forwards, `before` the ones just below it.
      const page = before && !after ? all.filter((entry) => compareSnowflakes(entry.user_id, before) < 0).slice(-limit) : all.filter((entry) => !after || compareSnowflakes(entry.user_id, after) > 0).slice(0, limit);
      return errors.ok(page.map((entry) => banShape(request, entry.user_id, entry.reason)));
    },
  },
  {
    method: "GET",
    pattern: ["guilds", ":guild", "bans", ":user"],
    auth: "bot",
    handle(request, params, auth) {
      const found = botGuild(request, params.guild ?? "", auth.userId);
      if (isResponse(found)) return found;
      if (!has(found.permissions, PERMISSIONS.BanMembers)) return errors.missingPermissions();
      const entry = request.state.bansOf(found.guild.id).get(params.user ?? "");
      return entry ? errors.ok(banShape(request, entry.user_id, entry.reason)) : unknownBan();
    },
  },
  {
    method: "PUT",
    pattern: ["guilds", ":guild", "bans", ":user"],
    auth: "bot",
    handle(request, params, auth) {
      const found = botGuild(request, params.guild ?? "", auth.userId);
      if (isResponse(found)) return found;
      const userId = params.user ?? "";
      if (!request.state.user(userId)) return errors.unknownUser();
      if (!mayActOn(found.guild, found.permissions, auth.userId, userId, PERMISSIONS.BanMembers)) return errors.missingPermissions();
      const parsed = parse(banBody, request.body);
      if (!parsed.ok) return parsed.response;
      const seconds = parsed.data.delete_message_seconds ?? (parsed.data.delete_message_days ?? 0) * 86_400;
      ban(request.state, found.guild, auth.userId, userId, reasonOf(request), seconds);
      return errors.noContent();
    },
  },
  {
    method: "DELETE",
    pattern: ["guilds", ":guild", "bans", ":user"],
    auth: "bot",
    handle(request, params, auth) {
      const found = botGuild(request, params.guild ?? "", auth.userId);
      if (isResponse(found)) return found;
      if (!has(found.permissions, PERMISSIONS.BanMembers)) return errors.missingPermissions();
      return unban(request.state, found.guild, auth.userId, params.user ?? "", reasonOf(request)) ? errors.noContent() : unknownBan();
    },
  },
  {
    method: "DELETE",
    pattern: ["guilds", ":guild", "members", ":user"],
    auth: "bot",
    handle(request, params, auth) {
      const found = botGuild(request, params.guild ?? "", auth.userId);
      if (isResponse(found)) return found;
      const userId = params.user ?? "";
      if (!found.guild.members.has(userId)) return errors.unknownMember();
      if (!mayActOn(found.guild, found.permissions, auth.userId, userId, PERMISSIONS.KickMembers)) return errors.missingPermissions();
      kick(request.state, found.guild, auth.userId, userId, reasonOf(request));
      return errors.noContent();
    },
  },
  {
    method: "PATCH",
    pattern: ["guilds", ":guild", "members", ":user"],
    auth: "bot",
    handle(request, params, auth) {
      const found = botGuild(request, params.guild ?? "", auth.userId);
      if (isResponse(found)) return found;
      const { guild } = found;
      const userId = params.user ?? "";
      const member = guild.members.get(userId);
      const user = request.state.user(userId);
      if (!member || !user) return errors.unknownMember();
      const parsed = parse(memberChanges, request.body);
      if (!parsed.ok) return parsed.response;
      const until = parsed.data.communication_disabled_until;
      if (until !== undefined) {
        if (!mayActOn(guild, found.permissions, auth.userId, userId, PERMISSIONS.ModerateMembers)) return errors.missingPermissions();
        // Administrators cannot be timed out; clearing a timeout is always possible.
        if (until !== null && isAdministrator(guild, request.state.permissions(guild, userId), userId)) return errors.missingPermissions();
        if (until !== null && Date.parse(until) - request.state.now() > MAX_TIMEOUT_MS) return timeoutTooLong();
        timeout(request.state, guild, auth.userId, userId, until === null ? null : new Date(Date.parse(until)).toISOString(), reasonOf(request));
      }
      return errors.ok(serialize.member(member, user));
    },
  },
  {
    method: "PUT",
    pattern: ["channels", ":channel", "permissions", ":overwrite"],
    auth: "bot",
    handle(request, params, auth) {
      const found = request.state.channel(params.channel ?? "");
      if (!found) return errors.unknownChannel();
      const { guild, channel } = found;
      const permissions = request.state.channelPermissions(guild, channel, auth.userId);
      if (permissions === null || !has(permissions, PERMISSIONS.ViewChannel)) return errors.missingAccess();
      if (!has(permissions, PERMISSIONS.ManageRoles)) return errors.missingPermissions();
      const parsed = parse(overwriteBody, request.body);
      if (!parsed.ok) return parsed.response;
      const allow = BigInt(parsed.data.allow ?? "0");
      const deny = BigInt(parsed.data.deny ?? "0");
      // A bot may only allow or deny permissions it has in the guild (the platform's rule: its
      // channel permissions would lose the very bits a lockdown denies to @everyone).
      const guildPermissions = request.state.permissions(guild, auth.userId) ?? 0n;
      if (((allow | deny) & ~guildPermissions) !== 0n) return errors.missingPermissions();
      const id = params.overwrite ?? "";
      const next = { id, type: parsed.data.type, allow: allow.toString(), deny: deny.toString() };
      const index = channel.permission_overwrites.findIndex((overwrite) => overwrite.id === id);
      const before = index >= 0 ? channel.permission_overwrites[index] : undefined;
      if (sameOverwrite(before, next)) return errors.noContent();
      if (before) channel.permission_overwrites[index] = next;
      else channel.permission_overwrites.push(next);
      recordAudit(request.state, guild, {
        user_id: auth.userId,
        target_id: channel.id,
        action_type: before ? AUDIT_ACTIONS.CHANNEL_OVERWRITE_UPDATE : AUDIT_ACTIONS.CHANNEL_OVERWRITE_CREATE,
        changes: [
          { key: "allow", ...(before ? { old_value: before.allow } : {}), new_value: next.allow },
          { key: "deny", ...(before ? { old_value: before.deny } : {}), new_value: next.deny },
        ],
        options: { id, type: String(next.type) },
        ...(request.auditReason ? { reason: request.auditReason } : {}),
      });
      return errors.noContent();
    },
  },
  {
    method: "DELETE",
    pattern: ["channels", ":channel", "permissions", ":overwrite"],
    auth: "bot",
    handle(request, params, auth) {
      const found = request.state.channel(params.channel ?? "");
      if (!found) return errors.unknownChannel();
      const { guild, channel } = found;
      const permissions = request.state.channelPermissions(guild, channel, auth.userId);
      if (permissions === null || !has(permissions, PERMISSIONS.ViewChannel)) return errors.missingAccess();
      if (!has(permissions, PERMISSIONS.ManageRoles)) return errors.missingPermissions();
      const index = channel.permission_overwrites.findIndex((overwrite) => overwrite.id === params.overwrite);
      if (index < 0) return errors.noContent();
      const [removed] = channel.permission_overwrites.splice(index, 1);
      recordAudit(request.state, guild, {
        user_id: auth.userId,
        target_id: channel.id,
        action_type: AUDIT_ACTIONS.CHANNEL_OVERWRITE_DELETE,
        changes: [
          { key: "allow", old_value: removed!.allow },
          { key: "deny", old_value: removed!.deny },
        ],
        options: { id: removed!.id, type: String(removed!.type) },
        ...(request.auditReason ? { reason: request.auditReason } : {}),
      });
      return errors.noContent();
    },
  },
  {
    method: "GET",
    pattern: ["guilds", ":guild", "audit-logs"],
    auth: "bot",
    handle(request, params, auth) {
      const found = botGuild(request, params.guild ?? "", auth.userId);
      if (isResponse(found)) return found;
      if (!has(found.permissions, PERMISSIONS.ViewAuditLog)) return errors.missingPermissions();
      const parsed = parse(auditQuery, request.query);
      if (!parsed.ok) return parsed.response;
      const { user_id, action_type, before, after, limit } = parsed.data;
      const matching = request.state
        .auditLogOf(found.guild.id)
        .filter((entry) => (!user_id || entry.user_id === user_id) && (!action_type || entry.action_type === action_type))
        .filter((entry) => (!before || compareSnowflakes(entry.id, before) < 0) && (!after || compareSnowflakes(entry.id, after) > 0));
      // Newest first, as the platform lists them; `after` alone pages forward from the oldest.
      const page = after && !before ? matching.slice(0, limit).reverse() : matching.slice(-limit).reverse();
      const userIds = [...new Set(page.flatMap((entry) => [entry.user_id, entry.target_id]))];
      const users = userIds.flatMap((id) => {
        const user = request.state.user(id);
        return user ? [serialize.publicUser(user)] : [];
      });
      return errors.ok({
        audit_log_entries: page,
        users,
        integrations: [],
        webhooks: [],
        guild_scheduled_events: [],
        threads: [],
        application_commands: [],
        auto_moderation_rules: [],
      });
    },
  },
];

function banShape(request: ApiRequest, userId: string, reason: string | null) {
  const user = request.state.user(userId);
  // Users are never deleted here; a platform account that was would show as Discord's placeholder.
  return { reason, user: user ? serialize.publicUser(user) : serialize.userShape({ id: userId, username: "deleted_user", global_name: null, avatar: null, discriminator: "0", flags: 0 }) };
}

function timeoutTooLong(): ApiResponse {
  return {
    status: 400,
    body: {
      message: "Invalid Form Body",
      code: 50035,
      errors: { communication_disabled_until: { _errors: [{ code: "BASE_TYPE_BAD_TIMESTAMP", message: "Timeouts cannot last longer than 28 days." }] } },
    },
  };
}
