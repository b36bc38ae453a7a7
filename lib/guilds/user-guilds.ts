import "server-only";
import { getBotGuildIdsWithMeta } from "@/lib/platform/bot-api";
import { canManageGuild } from "@/lib/platform/permissions";
import { getCurrentUserGuildsWithMeta } from "@/lib/platform/user-api";
import type { Session } from "@/lib/session/session-cookie";

/** A guild as the "my servers" list and /api/users/@me/guilds show it. */
export type GuildSummary = {
  id: string;
  name: string;
  icon: string | null;
  owner: boolean;
  permissions: string;
  /** Owner, ADMINISTRATOR or MANAGE_GUILD (spec 5). */
  managed: boolean;
  /** Confirmed with the bot token, never taken from the browser. */
  bot_present: boolean;
};

export type GuildList = { guilds: GuildSummary[]; stale: boolean };

export async function listUserGuilds(session: Session): Promise<GuildList> {
  const [userGuilds, botGuilds] = await Promise.all([getCurrentUserGuildsWithMeta(session.accessToken), getBotGuildIdsWithMeta()]);
  const guilds = userGuilds.value
    .map((guild) => ({
      id: guild.id,
      name: guild.name,
      icon: guild.icon,
      owner: guild.owner,
      permissions: guild.permissions,
      managed: canManageGuild(guild),
      bot_present: botGuilds.value.has(guild.id),
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return { guilds, stale: userGuilds.stale || botGuilds.stale };
}

export async function listManagedGuilds(session: Session): Promise<GuildList> {
  const all = await listUserGuilds(session);
  return { guilds: all.guilds.filter((guild) => guild.managed), stale: all.stale };
}

/** The managed guild with this id, or null when the user may not manage it. */
export async function findManagedGuild(session: Session, guildId: string): Promise<GuildSummary | null> {
  const { guilds } = await listManagedGuilds(session);
  return guilds.find((guild) => guild.id === guildId) ?? null;
}
