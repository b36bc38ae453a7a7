import "server-only";
import { PermissionFlagsBits, type APIGuild } from "discord-api-types/v10";
import type { Db } from "@/lib/db/client";
import { ApiError } from "@/lib/http/api-error";
import { getGuildMemberWithMeta, getGuildWithMeta } from "@/lib/platform/bot-api";
import { PlatformError } from "@/lib/platform/errors";
import { computeMemberPermissions, hasPermissions } from "@/lib/platform/permissions";
import { forgetManager, rememberManager } from "@/lib/notifications/managers";
import type { Session } from "@/lib/session/session-cookie";
import { isPremium } from "./premium";
import { readGuildSettings } from "./settings-queries";
import { findManagedGuild } from "./user-guilds";

export type GuildAccess = {
  guildId: string;
  userId: string;
  guild: APIGuild;
  isOwner: boolean;
  permissions: bigint;
  premium: boolean;
  buffs: string[];
  /** True when the platform could not answer and cached data was used. */
  stale: boolean;
};

/**
 * The authoritative check of every guild-scoped read and write (spec 5, DESIGN
 * security rules): owner, or ADMINISTRATOR / MANAGE_GUILD from the @everyone
 * role plus the member's roles, seen through the bot. No data leaves before it.
 */
export async function requireGuildAccess(db: Db, session: Session, guildId: string): Promise<GuildAccess> {
  let permission: Awaited<ReturnType<typeof checkGuildPermission>>;
  try {
    permission = await checkGuildPermission(session, guildId);
  } catch (error) {
    // No longer a manager: the guild's notifications stop going to them.
    if (error instanceof ApiError && error.code === "guild_forbidden") await forgetManager(db, guildId, session.userId);
    throw error;
  }
  // The guild's notifications go to the managers we have seen pass this check (lib/notifications).
  await rememberManager(db, guildId, session.userId);
  const settings = await readGuildSettings(db, guildId);
  return { ...permission, premium: isPremium(settings.buffs), buffs: settings.buffs };
}

/** The permission half of requireGuildAccess, without the database (middleware runs it for guild pages). */
export async function checkGuildPermission(session: Session, guildId: string): Promise<Omit<GuildAccess, "premium" | "buffs">> {
  // Both at once: a slow platform then costs one wait, not two.
  const [guild, member] = await Promise.all([
    botView(session, guildId, () => getGuildWithMeta(guildId)),
    botView(session, guildId, () => getGuildMemberWithMeta(guildId, session.userId)),
  ]);
  if (!member.value) throw forbidden();
  const { isOwner, permissions, manages } = managerVerdict(guild.value, session.userId, member.value.roles);
  if (!manages) throw forbidden();
  return { guildId, userId: session.userId, guild: guild.value, isOwner, permissions, stale: guild.stale || member.stale };
}

/**
 * Whether the user manages the guild now as the bot sees it, without their session: who may
 * receive a guild's notifications. False when the bot cannot see the guild or the member.
 */
export async function managesGuildNow(guildId: string, userId: string): Promise<boolean> {
  const [guild, member] = await Promise.all([getGuildWithMeta(guildId), getGuildMemberWithMeta(guildId, userId)]);
  return member.value !== null && managerVerdict(guild.value, userId, member.value.roles).manages;
}

function managerVerdict(guild: APIGuild, userId: string, roleIds: string[]): { isOwner: boolean; permissions: bigint; manages: boolean } {
  const isOwner = guild.owner_id === userId;
  const permissions = computeMemberPermissions({ guildId: guild.id, ownerId: guild.owner_id, roles: guild.roles, member: { userId, roleIds } });
  return { isOwner, permissions, manages: isOwner || hasPermissions(permissions, PermissionFlagsBits.ManageGuild) };
}

async function botView<T>(session: Session, guildId: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (!(error instanceof PlatformError && (error.kind === "forbidden" || error.kind === "not_found"))) throw error;
    // The bot sees nothing of a guild it is not in (or that does not exist). Only someone who
    // manages the guild learns that; anyone else gets the same 403 as for a guild the bot is
    // in, so the answer does not tell strangers where the bot is.
    const managed = await findManagedGuild(session, guildId).catch(() => null);
    if (!managed) throw forbidden();
    throw new ApiError(404, "guild_not_found", "Guildhall is not in this server yet: add the bot first.");
  }
}

function forbidden(): ApiError {
  return new ApiError(403, "guild_forbidden", "You need the Manage Server permission on this server.");
}
