import type { PermissionFlagsBits } from "discord-api-types/v10";

import type { OverwriteRecord } from "./model";

// discord-api-types is imported for types only (the emulator must not depend on
// its runtime), so the bit values are repeated here; `satisfies` keeps the
// list in step with the installed version.
export const PERMISSIONS = {
  CreateInstantInvite: 1n << 0n,
  KickMembers: 1n << 1n,
  BanMembers: 1n << 2n,
  Administrator: 1n << 3n,
  ManageChannels: 1n << 4n,
  ManageGuild: 1n << 5n,
  AddReactions: 1n << 6n,
  ViewAuditLog: 1n << 7n,
  PrioritySpeaker: 1n << 8n,
  Stream: 1n << 9n,
  ViewChannel: 1n << 10n,
  SendMessages: 1n << 11n,
  SendTTSMessages: 1n << 12n,
  ManageMessages: 1n << 13n,
  EmbedLinks: 1n << 14n,
  AttachFiles: 1n << 15n,
  ReadMessageHistory: 1n << 16n,
  MentionEveryone: 1n << 17n,
  UseExternalEmojis: 1n << 18n,
  ViewGuildInsights: 1n << 19n,
  Connect: 1n << 20n,
  Speak: 1n << 21n,
  MuteMembers: 1n << 22n,
  DeafenMembers: 1n << 23n,
  MoveMembers: 1n << 24n,
  UseVAD: 1n << 25n,
  ChangeNickname: 1n << 26n,
  ManageNicknames: 1n << 27n,
  ManageRoles: 1n << 28n,
  ManageWebhooks: 1n << 29n,
  ManageGuildExpressions: 1n << 30n,
  // Deprecated alias; listed after the current name so permissionNames prefers it.
  ManageEmojisAndStickers: 1n << 30n,
  UseApplicationCommands: 1n << 31n,
  RequestToSpeak: 1n << 32n,
  ManageEvents: 1n << 33n,
  ManageThreads: 1n << 34n,
  CreatePublicThreads: 1n << 35n,
  CreatePrivateThreads: 1n << 36n,
  UseExternalStickers: 1n << 37n,
  SendMessagesInThreads: 1n << 38n,
  UseEmbeddedActivities: 1n << 39n,
  ModerateMembers: 1n << 40n,
  ViewCreatorMonetizationAnalytics: 1n << 41n,
  UseSoundboard: 1n << 42n,
  CreateGuildExpressions: 1n << 43n,
  CreateEvents: 1n << 44n,
  UseExternalSounds: 1n << 45n,
  SendVoiceMessages: 1n << 46n,
  SetVoiceChannelStatus: 1n << 48n,
  SendPolls: 1n << 49n,
  UseExternalApps: 1n << 50n,
  PinMessages: 1n << 51n,
  BypassSlowmode: 1n << 52n,
} as const satisfies Record<keyof typeof PermissionFlagsBits, bigint>;

export type PermissionName = keyof typeof PERMISSIONS;

/** What Discord reports for owners and administrators: every defined bit. */
export const ALL_PERMISSIONS = Object.values(PERMISSIONS).reduce((all, bit) => all | bit, 0n);

export function permissionBits(names: readonly PermissionName[]): bigint {
  return names.reduce((all, name) => all | PERMISSIONS[name], 0n);
}

/** Names of the set bits, for showing what a bot invite asks for. */
export function permissionNames(bits: bigint): PermissionName[] {
  const seen = new Set<bigint>();
  const names: PermissionName[] = [];
  for (const [name, bit] of Object.entries(PERMISSIONS) as [PermissionName, bigint][]) {
    if ((bits & bit) === bit && !seen.has(bit)) {
      seen.add(bit);
      names.push(name);
    }
  }
  return names;
}

/** Guild-level permissions as Discord computes them (channel overwrites aside). */
export function computeBasePermissions(input: {
  isOwner: boolean;
  everyone: bigint;
  roles: readonly bigint[];
}): bigint {
  if (input.isOwner) return ALL_PERMISSIONS;
  const total = input.roles.reduce((all, bits) => all | bits, input.everyone);
  return (total & PERMISSIONS.Administrator) === PERMISSIONS.Administrator ? ALL_PERMISSIONS : total;
}

/**
 * Permissions in one channel: the guild-level set, then the channel's overwrites
 * in Discord's order (@everyone, the member's roles together, the member).
 * Owners and administrators are not affected by overwrites.
 */
export function applyOverwrites(input: {
  base: bigint;
  guildId: string;
  userId: string;
  roleIds: readonly string[];
  overwrites: readonly OverwriteRecord[];
}): bigint {
  const { base, guildId, userId, roleIds, overwrites } = input;
  if ((base & PERMISSIONS.Administrator) === PERMISSIONS.Administrator) return ALL_PERMISSIONS;
  let permissions = base;
  const everyone = overwrites.find((overwrite) => overwrite.type === 0 && overwrite.id === guildId);
  if (everyone) permissions = (permissions & ~BigInt(everyone.deny)) | BigInt(everyone.allow);
  let allow = 0n;
  let deny = 0n;
  for (const overwrite of overwrites) {
    if (overwrite.type !== 0 || overwrite.id === guildId || !roleIds.includes(overwrite.id)) continue;
    allow |= BigInt(overwrite.allow);
    deny |= BigInt(overwrite.deny);
  }
  permissions = (permissions & ~deny) | allow;
  const member = overwrites.find((overwrite) => overwrite.type === 1 && overwrite.id === userId);
  if (member) permissions = (permissions & ~BigInt(member.deny)) | BigInt(member.allow);
  return permissions;
}

export function canManageGuild(permissions: bigint): boolean {
  return (permissions & (PERMISSIONS.ManageGuild | PERMISSIONS.Administrator)) !== 0n;
}
