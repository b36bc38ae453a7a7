import "server-only";
import type { Db } from "@/lib/db/client";
import { getGuildMember } from "@/lib/platform/bot-api";
import { PlatformError } from "@/lib/platform/errors";
import { readGuildSurvey } from "@/lib/onboarding/survey";
import { listWebhooks } from "@/lib/webhooks/manage";
import type { GuildAccess } from "./access";
import { getGuildPickers } from "./pickers";
import { tierValue } from "./premium";
import { readGuildSettings } from "./settings-queries";

/** Whether each registered plugin is on; the caller reads them (plugins sit above this folder). */
export type PluginSwitches = Record<string, { enabled: boolean }>;

/**
 * The Guild entity of spec 3, assembled from the platform (bot view) and the database. `members`
 * holds the signed-in member only (the guild's member list is searched: /members/search);
 * `discord_usage` and `is_business` are the onboarding survey's answers (null until someone
 * answers). Left out: `voiceStates` (only the bot's gateway sees who is in voice).
 */
export async function buildGuildEntity(db: Db, access: GuildAccess, pluginSwitches: PluginSwitches | Promise<PluginSwitches>) {
  const { guild } = access;
  const [settings, pickers, plugins, member, webhooks, survey] = await Promise.all([
    readGuildSettings(db, access.guildId),
    getGuildPickers(access.guildId),
    pluginSwitches,
    getGuildMember(access.guildId, access.userId),
    // The webhooks are the one read here that no page keeps warm: when the platform does not
    // answer it in time, the entity (after a write too) says it is stale rather than failing.
    listWebhooks(access.guildId).catch((error: unknown) => {
      if (error instanceof PlatformError) return null;
      throw error;
    }),
    readGuildSurvey(db, access.guildId),
  ]);
  return {
    id: guild.id,
    name: guild.name,
    icon: guild.icon,
    owner: access.isOwner,
    owner_id: guild.owner_id,
    activePrefix: settings.prefix,
    application_commands_enabled: settings.applicationCommandsEnabled,
    application_commands_localized: settings.applicationCommandsLocalized,
    channels: Object.fromEntries(pickers.channels.map((channel) => [channel.id, { type: channel.type, position: channel.position, name: channel.name, parent_id: channel.parent_id }])),
    members: member
      ? { [access.userId]: { nick: member.nick ?? null, roles: member.roles, user: member.user ? { id: member.user.id, username: member.user.username, global_name: member.user.global_name, avatar: member.user.avatar } : null } }
      : {},
    roles: guild.roles.map((role) => ({ id: role.id, name: role.name, color: role.color, permissions: role.permissions, mentionable: role.mentionable, position: role.position, icon: role.icon ?? null, managed: role.managed })),
    plugins: Object.entries(plugins).map(([id, state]) => ({ id, config: { enabled: state.enabled } })),
    /** Without tokens: a webhook's URL is shown once, when it is made. */
    webhooks: webhooks ?? [],
    ignored_channel_ids: settings.ignoredChannelIds,
    buffs: settings.buffs,
    is_premium: access.premium,
    features: guild.features,
    member_count: guild.approximate_member_count ?? 0,
    discord_usage: survey.discord_usage,
    is_business: survey.is_business,
    onboarding: settings.onboarding,
    guild_locked_down: settings.guildLockedDown,
    default_embed_color: settings.defaultEmbedColor,
    locale: settings.locale,
    timezone: settings.timezone,
    premium_tier: guild.premium_tier,
    /** Spec 9 tier mapping of premium_tier (0→50 … 3→250). */
    tier_value: tierValue(guild.premium_tier),
    version: settings.version,
    stale: access.stale || pickers.stale || webhooks === null,
  };
}
