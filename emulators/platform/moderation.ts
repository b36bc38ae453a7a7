import type { GuildRecord, OverwriteRecord } from "./model";
import { PERMISSIONS } from "./permissions";
import type { PlatformState } from "./state";

// Moderation as the platform keeps it: a guild's bans, its audit log, and the rules of who may
// act on whom. The API routes (moderation-routes.ts) and the control API (acts a moderator
// makes in the platform's own client) both change the guild through these functions, so both
// leave the same audit log entries.

export interface BanRecord {
  user_id: string;
  reason: string | null;
}

/** Discord's audit log event types the emulator writes. */
export const AUDIT_ACTIONS = {
  CHANNEL_OVERWRITE_CREATE: 13,
  CHANNEL_OVERWRITE_UPDATE: 14,
  CHANNEL_OVERWRITE_DELETE: 15,
  MEMBER_KICK: 20,
  MEMBER_BAN_ADD: 22,
  MEMBER_BAN_REMOVE: 23,
  MEMBER_UPDATE: 24,
} as const;

export interface AuditChange {
  key: string;
  old_value?: unknown;
  new_value?: unknown;
}

export interface AuditEntry {
  id: string;
  user_id: string;
  target_id: string;
  action_type: number;
  reason?: string;
  changes?: AuditChange[];
  options?: Record<string, string>;
}

/** The longest timeout the platform accepts: 28 days. */
export const MAX_TIMEOUT_MS = 28 * 24 * 60 * 60_000;
/** The most message history a ban may delete: 7 days. */
export const MAX_DELETE_MESSAGE_SECONDS = 7 * 24 * 60 * 60;

const has = (permissions: bigint, bit: bigint) => (permissions & bit) === bit;

/** A member's highest role position (0: only @everyone). */
export function topPosition(guild: GuildRecord, userId: string): number {
  const roles = guild.members.get(userId)?.roles ?? [];
  return Math.max(0, ...guild.roles.filter((role) => roles.includes(role.id)).map((role) => role.position));
}

/**
 * Whether `actorId` (holding `permission`) may act on `targetId`: the platform refuses acts on
 * the owner and on members whose highest role is not below the actor's, unless the actor owns
 * the guild. A user who is not a member (a ban by id) has no roles.
 */
export function mayActOn(guild: GuildRecord, actorPermissions: bigint, actorId: string, targetId: string, permission: bigint): boolean {
  if (!has(actorPermissions, permission)) return false;
  if (targetId === guild.owner_id || targetId === actorId) return false;
  if (actorId === guild.owner_id) return true;
  if (!guild.members.has(targetId)) return true;
  return topPosition(guild, targetId) < topPosition(guild, actorId);
}

/** Whether a member holds Administrator (the platform cannot time those out). */
export function isAdministrator(guild: GuildRecord, permissions: bigint | null, userId: string): boolean {
  return userId === guild.owner_id || (permissions !== null && has(permissions, PERMISSIONS.Administrator));
}

/** Same overwrite, compared by value. */
export function sameOverwrite(a: OverwriteRecord | undefined, b: OverwriteRecord | undefined): boolean {
  return a?.allow === b?.allow && a?.deny === b?.deny && a?.type === b?.type;
}

/** Records an act in the guild's audit log, as the platform does for every moderation act. */
export function recordAudit(state: PlatformState, guild: GuildRecord, entry: Omit<AuditEntry, "id">): AuditEntry {
  const full: AuditEntry = { id: state.newId(), ...entry };
  state.auditLogOf(guild.id).push(full);
  return full;
}

/** Bans `userId` (a member or not): the member leaves, and their messages of the last `deleteSeconds` go. */
export function ban(state: PlatformState, guild: GuildRecord, actorId: string, userId: string, reason: string | null, deleteSeconds = 0): void {
  const bans = state.bansOf(guild.id);
  const already = bans.has(userId);
  bans.set(userId, { user_id: userId, reason });
  if (guild.members.delete(userId)) guild.approximate_member_count = Math.max(0, guild.approximate_member_count - 1);
  if (deleteSeconds > 0) state.messages.deleteByAuthor(guild.channels.map((channel) => channel.id), userId, state.now() - deleteSeconds * 1000);
  // Banning someone already banned changes nothing and logs nothing.
  if (!already) recordAudit(state, guild, { user_id: actorId, target_id: userId, action_type: AUDIT_ACTIONS.MEMBER_BAN_ADD, ...(reason ? { reason } : {}) });
}

export function unban(state: PlatformState, guild: GuildRecord, actorId: string, userId: string, reason: string | null): boolean {
  if (!state.bansOf(guild.id).delete(userId)) return false;
  recordAudit(state, guild, { user_id: actorId, target_id: userId, action_type: AUDIT_ACTIONS.MEMBER_BAN_REMOVE, ...(reason ? { reason } : {}) });
  return true;
}

export function kick(state: PlatformState, guild: GuildRecord, actorId: string, userId: string, reason: string | null): boolean {
  if (!guild.members.delete(userId)) return false;
  guild.approximate_member_count = Math.max(0, guild.approximate_member_count - 1);
  recordAudit(state, guild, { user_id: actorId, target_id: userId, action_type: AUDIT_ACTIONS.MEMBER_KICK, ...(reason ? { reason } : {}) });
  return true;
}

/** Sets or clears a member's timeout (`until` null clears it). */
export function timeout(state: PlatformState, guild: GuildRecord, actorId: string, userId: string, until: string | null, reason: string | null): boolean {
  const member = guild.members.get(userId);
  if (!member) return false;
  const before = member.communication_disabled_until;
  member.communication_disabled_until = until;
  if (before !== until) {
    recordAudit(state, guild, {
      user_id: actorId,
      target_id: userId,
      action_type: AUDIT_ACTIONS.MEMBER_UPDATE,
      changes: [{ key: "communication_disabled_until", ...(before ? { old_value: before } : {}), ...(until ? { new_value: until } : {}) }],
      ...(reason ? { reason } : {}),
    });
  }
  return true;
}
