import "server-only";

import { ChannelType, Routes, type APIGuildVoiceChannel, type RESTPatchAPIChannelResult, type RESTPostAPIGuildRoleResult } from "discord-api-types/v10";

import { channelCreated, channelRenamed, roleCreated } from "./bot-api";
import { PlatformError } from "./errors";
import { botDelete, botPatch, botPost, botPut } from "./rest";
import { isSnowflake } from "./snowflake";

// What the bot changes in a guild on its own, besides messages: a channel's name (the
// statistics counters), a new voice channel (the temporary channels' creator channel), a
// member's roles (the birthday role) and a new role a manager asks for from a role picker. Always sent to the
// platform; ids are checked to be snowflakes before they go into a URL path.

/** The platform's bounds on a channel name. */
export const MAX_CHANNEL_NAME = 100;

function requireSnowflakes(ids: Record<string, string>): void {
  for (const [name, value] of Object.entries(ids)) {
    if (!isSnowflake(value)) throw new PlatformError(`Invalid ${name}: not a snowflake`, { kind: "bad_request", status: 400 });
  }
}

/**
 * Renames a channel (MANAGE_CHANNELS). The platform allows two renames per channel per ten
 * minutes and answers the third with a long rate limit (PlatformError rate_limited): callers
 * rename only when the name changes, and not more often than that. The guild's cached channel
 * list takes the new name, so pages and the next check see it at once.
 */
export async function renameChannel(channelId: string, name: string, reason?: string): Promise<void> {
  requireSnowflakes({ "channel id": channelId });
  const channel = await botPatch<RESTPatchAPIChannelResult>(Routes.channel(channelId), { body: { name }, ...(reason === undefined ? {} : { reason }) });
  if ("guild_id" in channel && channel.guild_id) await channelRenamed(channel.guild_id, channelId, name);
}

/**
 * Creates a voice channel (MANAGE_CHANNELS), in `categoryId` when given. The guild's cached channel
 * list takes it at once, so the pickers and the checks of the next write know it.
 */
export async function createVoiceChannel(guildId: string, input: { name: string; categoryId: string | null }, reason?: string): Promise<APIGuildVoiceChannel> {
  requireSnowflakes({ "guild id": guildId, ...(input.categoryId ? { "category id": input.categoryId } : {}) });
  const channel = await botPost<APIGuildVoiceChannel>(Routes.guildChannels(guildId), {
    body: { name: input.name, type: ChannelType.GuildVoice, parent_id: input.categoryId },
    ...(reason === undefined ? {} : { reason }),
  });
  await channelCreated(guildId, channel);
  return channel;
}

/** Gives a member a role (MANAGE_ROLES, a role below the bot's); giving it twice is not an error. */
export async function addMemberRole(guildId: string, userId: string, roleId: string, reason?: string): Promise<void> {
  requireSnowflakes({ "guild id": guildId, "user id": userId, "role id": roleId });
  await botPut(Routes.guildMemberRole(guildId, userId, roleId), reason === undefined ? {} : { reason });
}

/** Takes a role from a member; taking one the member does not have is not an error. */
export async function removeMemberRole(guildId: string, userId: string, roleId: string, reason?: string): Promise<void> {
  requireSnowflakes({ "guild id": guildId, "user id": userId, "role id": roleId });
  await botDelete(Routes.guildMemberRole(guildId, userId, roleId), reason === undefined ? {} : { reason });
}

/** Sets the bot's own avatar in one server (a `data:image/png;base64,…` URI), or its global one again with null. */
export async function setBotGuildAvatar(guildId: string, avatar: string | null): Promise<void> {
  requireSnowflakes({ "guild id": guildId });
  await botPatch(Routes.guildMember(guildId, "@me"), { body: { avatar } });
}

/** The platform's bounds on a role name. */
export const MAX_ROLE_NAME = 100;

/**
 * Makes a role with no permissions (MANAGE_ROLES), just above @everyone as the platform places
 * it; the guild's cached role list takes it at once. PlatformError MAX_ROLES past 250 roles.
 */
export async function createRole(guildId: string, role: { name: string; color: number; mentionable: boolean; hoist: boolean }, reason?: string): Promise<RESTPostAPIGuildRoleResult> {
  requireSnowflakes({ "guild id": guildId });
  const made = await botPost<RESTPostAPIGuildRoleResult>(Routes.guildRoles(guildId), { body: { ...role, permissions: "0" }, ...(reason === undefined ? {} : { reason }) });
  await roleCreated(guildId, made);
  return made;
}
