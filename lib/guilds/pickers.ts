import "server-only";
import { getEnv } from "@/lib/env";
import { getGuildChannelsWithMeta, getGuildMemberWithMeta, getGuildRolesWithMeta } from "@/lib/platform/bot-api";

export type PickerChannel = { id: string; name: string; type: number; position: number; parent_id: string | null };
export type PickerRole = {
  id: string;
  name: string;
  color: number;
  position: number;
  mentionable: boolean;
  managed: boolean;
  /** Whether the bot can give this role to members. */
  assignable: boolean;
  reason?: "above_bot" | "managed" | "everyone";
};
export type GuildPickers = { channels: PickerChannel[]; roles: PickerRole[]; stale: boolean };

/** Channels and roles for pickers and id validation, from the (cached) bot view of the guild. */
export async function getGuildPickers(guildId: string): Promise<GuildPickers> {
  const [channels, roles, bot] = await Promise.all([
    getGuildChannelsWithMeta(guildId),
    getGuildRolesWithMeta(guildId),
    getGuildMemberWithMeta(guildId, getEnv().DISCORD_CLIENT_ID),
  ]);
  const botRoleIds = new Set(bot.value?.roles ?? []);
  const botTop = Math.max(0, ...roles.value.filter((role) => botRoleIds.has(role.id)).map((role) => role.position));
  return {
    channels: channels.value
      .map((channel) => ({
        id: channel.id,
        name: channel.name ?? "",
        type: channel.type,
        position: "position" in channel && typeof channel.position === "number" ? channel.position : 0,
        parent_id: "parent_id" in channel ? (channel.parent_id ?? null) : null,
      }))
      .sort((a, b) => a.position - b.position || a.id.localeCompare(b.id)),
    roles: roles.value
      .map((role) => {
        const reason = role.id === guildId ? "everyone" : role.managed ? "managed" : role.position >= botTop ? "above_bot" : undefined;
        return {
          id: role.id,
          name: role.name,
          color: role.color,
          position: role.position,
          mentionable: role.mentionable,
          managed: role.managed,
          assignable: reason === undefined,
          ...(reason ? { reason } : {}),
        } satisfies PickerRole;
      })
      .sort((a, b) => b.position - a.position),
    stale: channels.stale || roles.stale || bot.stale,
  };
}
