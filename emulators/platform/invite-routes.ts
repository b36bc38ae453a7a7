import { randomBytes } from "node:crypto";

import { z } from "zod";

import * as errors from "./api-errors";
import type { ApiResponse } from "./api-errors";
import type { Route } from "./api-routes";
import type { GuildRecord } from "./model";
import { PERMISSIONS } from "./permissions";
import * as serialize from "./serialize";
import type { InviteRecord, PlatformState } from "./state";
import { parse, queryBoolean } from "./validation";

// Guild invites as Discord has them: made by the bot in a channel (POST /channels/{id}/invites,
// CREATE_INSTANT_INVITE there; with `unique` false an unexpired invite of the same settings is
// answered again instead of a new one) and resolved by code (GET /invites/{code}, with or
// without a token), which also resolves a guild's vanity code.

const creation = z.object({
  max_age: z.number().int().min(0).max(604_800).default(86_400),
  max_uses: z.number().int().min(0).max(100).default(0),
  temporary: z.boolean().default(false),
  unique: z.boolean().default(false),
});
const resolveQuery = z.object({ with_counts: queryBoolean.default(false) });

const unknownInvite = (): ApiResponse => ({ status: 404, body: { message: "Unknown Invite", code: 10006 } });
const has = (permissions: bigint, bit: bigint) => (permissions & bit) === bit;

const expiresAt = (invite: InviteRecord) => (invite.max_age === 0 ? null : invite.created_at + invite.max_age * 1000);

function inviteGuild(guild: GuildRecord) {
  return {
    id: guild.id,
    name: guild.name,
    splash: guild.splash,
    banner: guild.banner,
    description: guild.description,
    icon: guild.icon,
    features: [...guild.features],
    verification_level: guild.verification_level,
    vanity_url_code: guild.vanity_url_code,
    nsfw_level: 0,
    nsfw: false,
    premium_subscription_count: guild.premium_subscription_count,
  };
}

function counts(guild: GuildRecord, withCounts: boolean) {
  return withCounts ? { approximate_member_count: guild.approximate_member_count, approximate_presence_count: guild.approximate_presence_count } : {};
}

function view(state: PlatformState, invite: InviteRecord, guild: GuildRecord, withCounts: boolean) {
  const channel = guild.channels.find((candidate) => candidate.id === invite.channel_id);
  const inviter = state.user(invite.inviter_id);
  const expires = expiresAt(invite);
  return {
    type: 0,
    code: invite.code,
    inviter: inviter ? serialize.publicUser(inviter) : null,
    max_age: invite.max_age,
    created_at: new Date(invite.created_at).toISOString(),
    expires_at: expires === null ? null : new Date(expires).toISOString(),
    flags: 0,
    guild: inviteGuild(guild),
    guild_id: guild.id,
    channel: channel ? { id: channel.id, type: channel.type, name: channel.name ?? null } : null,
    uses: invite.uses,
    max_uses: invite.max_uses,
    temporary: invite.temporary,
    ...counts(guild, withCounts),
  };
}

export const INVITE_ROUTES: readonly Route[] = [
  {
    method: "POST",
    pattern: ["channels", ":channel", "invites"],
    auth: "bot",
    handle({ state, body }, params, auth) {
      const found = state.channel(params.channel ?? "");
      if (!found) return errors.unknownChannel();
      const permissions = state.channelPermissions(found.guild, found.channel, auth.userId);
      if (permissions === null || !has(permissions, PERMISSIONS.ViewChannel)) return errors.missingAccess();
      if (!has(permissions, PERMISSIONS.CreateInstantInvite)) return errors.missingPermissions();
      const parsed = parse(creation, body);
      if (!parsed.ok) return parsed.response;
      const { max_age, max_uses, temporary, unique } = parsed.data;
      const now = state.now();
      const live = (invite: InviteRecord) => (expiresAt(invite) ?? Infinity) > now && (invite.max_uses === 0 || invite.uses < invite.max_uses);
      const same = unique
        ? undefined
        : [...state.invites.values()].find(
            (invite) => invite.channel_id === found.channel.id && invite.inviter_id === auth.userId && invite.max_age === max_age && invite.max_uses === max_uses && invite.temporary === temporary && live(invite),
          );
      const invite = same ?? { code: randomBytes(6).toString("base64url").replace(/[-_]/g, "x").slice(0, 8), guild_id: found.guild.id, channel_id: found.channel.id, inviter_id: auth.userId, max_age, max_uses, temporary, uses: 0, created_at: now };
      state.invites.set(invite.code, invite);
      return errors.ok(view(state, invite, found.guild, false));
    },
  },
  {
    method: "GET",
    pattern: ["invites", ":code"],
    auth: "any",
    handle({ state, query }, params) {
      const parsed = parse(resolveQuery, query);
      if (!parsed.ok) return parsed.response;
      const code = params.code ?? "";
      const invite = state.invites.get(code);
      if (invite && (expiresAt(invite) ?? Infinity) > state.now()) {
        const guild = state.guild(invite.guild_id);
        if (guild) return errors.ok(view(state, invite, guild, parsed.data.with_counts));
      }
      // A vanity code resolves to the guild's invite page, without inviter or expiry.
      const guild = [...state.world.guilds.values()].find((candidate) => candidate.vanity_url_code !== null && candidate.vanity_url_code.toLowerCase() === code.toLowerCase());
      if (!guild) return unknownInvite();
      const channelId = guild.rules_channel_id ?? guild.system_channel_id ?? guild.channels.find((channel) => channel.type === 0)?.id ?? guild.id;
      const vanity: InviteRecord = { code: guild.vanity_url_code ?? code, guild_id: guild.id, channel_id: channelId, inviter_id: "", max_age: 0, max_uses: 0, temporary: false, uses: 0, created_at: state.now() };
      return errors.ok({ ...view(state, vanity, guild, parsed.data.with_counts), created_at: null });
    },
  },
];
