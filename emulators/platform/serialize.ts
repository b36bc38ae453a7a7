import { createHash } from "node:crypto";

import type { APIApplication, APIEmoji, APIGuild, APIGuildMember, APIRole, APIUser, RESTAPIPartialCurrentUserGuild } from "discord-api-types/v10";

import type { WebhookRecord } from "./state";
import type { ApplicationRecord, ChannelRecord, EmojiRecord, GuildRecord, MemberRecord, RoleRecord, UserRecord } from "./model";
import { compareSnowflakes } from "./snowflake";

// State records to the JSON Discord sends. The discord-api-types annotations
// catch shape drift; casts only bridge its enums, which are number literals
// at runtime. contract.test.ts holds the results to Discord's OpenAPI description.

interface UserFields {
  id: string;
  username: string;
  discriminator: string;
  global_name: string | null;
  avatar: string | null;
  flags: number;
}

/** A user as it appears anywhere (author, member, mention). */
export function userShape(fields: UserFields): APIUser {
  return {
    id: fields.id,
    username: fields.username,
    discriminator: fields.discriminator,
    global_name: fields.global_name,
    avatar: fields.avatar,
    avatar_decoration_data: null,
    public_flags: fields.flags as APIUser["public_flags"],
    // The spec requires `flags` on every user; other people's show only their public flags.
    flags: fields.flags as APIUser["flags"],
    // Sent on every user since server tags (null without one); newer than the vendored spec.
    primary_guild: null,
  };
}

/** Anyone may see these fields of any user. */
export function publicUser(user: UserRecord): APIUser {
  return {
    ...userShape({ ...user, discriminator: user.discriminator ?? "0" }),
    ...(user.bot ? { bot: true } : {}),
  };
}

/** GET /users/@me: the private fields, email only with the `email` scope. */
export function currentUser(user: UserRecord, scopes: readonly string[] | "bot"): APIUser {
  const withEmail = scopes !== "bot" && scopes.includes("email");
  return {
    ...publicUser(user),
    bot: user.bot ?? false,
    banner: user.banner ?? null,
    accent_color: user.accent_color ?? null,
    locale: user.locale,
    mfa_enabled: user.mfa_enabled,
    premium_type: user.premium_type as APIUser["premium_type"],
    ...(withEmail ? { email: user.email, verified: user.verified } : {}),
  };
}

export function partialGuild(guild: GuildRecord, userId: string, permissions: bigint, withCounts: boolean): RESTAPIPartialCurrentUserGuild {
  return {
    id: guild.id,
    name: guild.name,
    icon: guild.icon,
    banner: guild.banner,
    owner: guild.owner_id === userId,
    permissions: permissions.toString(),
    features: guild.features as RESTAPIPartialCurrentUserGuild["features"],
    ...(withCounts
      ? { approximate_member_count: guild.approximate_member_count, approximate_presence_count: guild.approximate_presence_count }
      : {}),
  };
}

export function sortedRoles(guild: GuildRecord): RoleRecord[] {
  return [...guild.roles].sort((a, b) => a.position - b.position || compareSnowflakes(a.id, b.id));
}

export function role(record: RoleRecord): APIRole {
  const { tags, ...rest } = record;
  return { ...rest, colors: { ...record.colors }, ...(tags ? { tags: { ...tags } } : {}) };
}

export function channel(record: ChannelRecord): Record<string, unknown> {
  return structuredClone(record);
}

/**
 * A custom emoji as Discord sends it. `user` (who uploaded it) only goes to callers with
 * MANAGE_GUILD_EXPRESSIONS or CREATE_GUILD_EXPRESSIONS, and never inside the guild object.
 */
export function emoji(record: EmojiRecord, uploader?: UserRecord): APIEmoji {
  return {
    id: record.id,
    name: record.name,
    roles: [...record.roles],
    ...(uploader ? { user: publicUser(uploader) } : {}),
    require_colons: record.require_colons,
    managed: record.managed,
    animated: record.animated,
    available: record.available,
  };
}

/** An incoming webhook as Discord answers a caller with MANAGE_WEBHOOKS: token and URL included. */
export function webhook(record: WebhookRecord, creator: UserRecord | undefined, origin: string): Record<string, unknown> {
  return {
    application_id: null,
    avatar: record.avatar,
    channel_id: record.channel_id,
    guild_id: record.guild_id,
    id: record.id,
    name: record.name,
    type: 1,
    ...(creator ? { user: publicUser(creator) } : {}),
    token: record.token,
    url: `${origin}/api/webhooks/${record.id}/${record.token}`,
  };
}

/** Fields Discord sends (and its OpenAPI description requires) that discord-api-types does not list. */
export type GuildResponse = APIGuild & { nsfw: boolean; home_header: string | null };

export function fullGuild(guild: GuildRecord, withCounts: boolean): GuildResponse {
  const result: GuildResponse = {
    id: guild.id,
    name: guild.name,
    icon: guild.icon,
    icon_hash: guild.icon,
    splash: guild.splash,
    discovery_splash: null,
    owner_id: guild.owner_id,
    region: "deprecated",
    afk_channel_id: guild.afk_channel_id,
    afk_timeout: 300,
    widget_enabled: false,
    widget_channel_id: null,
    verification_level: guild.verification_level,
    default_message_notifications: 1,
    explicit_content_filter: 2,
    roles: sortedRoles(guild).map(role),
    emojis: guild.emojis.map((record) => emoji(record)),
    stickers: [],
    features: guild.features as APIGuild["features"],
    mfa_level: 0,
    application_id: null,
    system_channel_id: guild.system_channel_id,
    system_channel_flags: 0 as APIGuild["system_channel_flags"],
    rules_channel_id: guild.rules_channel_id,
    max_presences: null,
    max_members: 500000,
    vanity_url_code: guild.vanity_url_code,
    description: guild.description,
    banner: guild.banner,
    premium_tier: guild.premium_tier,
    premium_subscription_count: guild.premium_subscription_count,
    preferred_locale: guild.preferred_locale as APIGuild["preferred_locale"],
    public_updates_channel_id: guild.features.includes("COMMUNITY") ? guild.rules_channel_id : null,
    max_video_channel_users: 25,
    max_stage_video_channel_users: 50,
    nsfw: false,
    nsfw_level: 0,
    home_header: null,
    premium_progress_bar_enabled: guild.premium_tier > 0,
    hub_type: null,
    safety_alerts_channel_id: null,
    incidents_data: null,
    ...(withCounts
      ? { approximate_member_count: guild.approximate_member_count, approximate_presence_count: guild.approximate_presence_count }
      : {}),
  };
  return result;
}

export function member(record: MemberRecord, user: UserRecord): APIGuildMember {
  return {
    user: publicUser(user),
    nick: record.nick,
    avatar: record.avatar,
    banner: null,
    roles: [...record.roles],
    joined_at: record.joined_at,
    premium_since: record.premium_since,
    deaf: record.deaf,
    mute: record.mute,
    pending: record.pending,
    flags: record.flags,
    communication_disabled_until: record.communication_disabled_until,
  };
}

/** What GET /applications/@me answers (Discord's PrivateApplicationResponse, less fields it leaves out). */
export type ApplicationResponse = Pick<APIApplication, "id" | "name" | "icon" | "description" | "bot_public" | "bot_require_code_grant" | "verify_key" | "flags" | "redirect_uris" | "interactions_endpoint_url" | "role_connections_verification_url" | "approximate_guild_count"> & {
  type: null;
  bot: APIUser;
  owner: APIUser;
  team: null;
  explicit_content_filter: 0 | 1;
};

/**
 * GET /applications/@me: the application as its own bot sees it. The verify key is a stand-in
 * derived from the id: nothing here checks interaction signatures.
 */
export function application(record: ApplicationRecord, bot: UserRecord, owner: UserRecord, guildCount: number): ApplicationResponse {
  return {
    id: record.id,
    name: record.name,
    icon: null,
    description: record.description,
    type: null,
    bot: publicUser(bot),
    bot_public: true,
    bot_require_code_grant: false,
    verify_key: createHash("sha256").update(`verify:${record.id}`).digest("hex"),
    flags: 0 as APIApplication["flags"],
    redirect_uris: [],
    interactions_endpoint_url: null,
    role_connections_verification_url: null,
    owner: publicUser(owner),
    team: null,
    approximate_guild_count: guildCount,
    explicit_content_filter: 0,
  };
}
