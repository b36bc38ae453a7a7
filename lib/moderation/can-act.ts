import { PermissionFlagsBits } from "discord-api-types/v10";
import { computeMemberPermissions, type PermissionName } from "@/lib/platform/permissions";

// Whether an act can be made, checked before the platform is asked (it would refuse the same
// way, but say less): the bot needs the act's permission, nobody acts on the owner or the bot,
// and the target's highest role must be below both the bot's and the moderator's (a dashboard
// user with Manage Server must not reach, through the bot, members ranked above them). Pure.

export const ACTS = ["warn", "timeout", "timeout_removed", "kick", "ban", "unban", "softban"] as const;
export type Act = (typeof ACTS)[number];

const NEEDS: Record<Act, { permission: PermissionName; missing: Refusal["code"] } | null> = {
  warn: null,
  timeout: { permission: "ModerateMembers", missing: "mod_bot_cannot_timeout" },
  timeout_removed: { permission: "ModerateMembers", missing: "mod_bot_cannot_timeout" },
  kick: { permission: "KickMembers", missing: "mod_bot_cannot_kick" },
  ban: { permission: "BanMembers", missing: "mod_bot_cannot_ban" },
  unban: { permission: "BanMembers", missing: "mod_bot_cannot_ban" },
  softban: { permission: "BanMembers", missing: "mod_bot_cannot_ban" },
};

/** Acts that need the target to be a member now (a ban may name anyone; an unban, someone banned). */
const ON_MEMBERS: ReadonlySet<Act> = new Set(["warn", "timeout", "timeout_removed", "kick"]);
/** Acts the role hierarchy limits (lifting a timeout or a ban harms nobody). */
const RANKED: ReadonlySet<Act> = new Set(["warn", "timeout", "kick", "ban", "softban"]);

export type Role = { id: string; position: number; permissions: string };
export type MemberRoles = { userId: string; roleIds: readonly string[] };

export type ActContext = {
  guildId: string;
  ownerId: string;
  roles: readonly Role[];
  bot: MemberRoles | null;
  moderator: MemberRoles | null;
  /** Null when the target is not a member of the guild. */
  target: MemberRoles | null;
  targetId: string;
};

/** Why the act cannot be made, as an issue code (messages/validation) and its values; null when it can. */
export type Refusal = {
  code: "mod_target_owner" | "mod_target_bot" | "mod_bot_cannot_ban" | "mod_bot_cannot_kick" | "mod_bot_cannot_timeout" | "not_a_member" | "mod_target_above_bot" | "mod_target_above_you" | "mod_target_admin";
};

/** A member's highest role position (0: only @everyone). */
export function topPosition(roles: readonly Role[], member: MemberRoles | null): number {
  if (!member) return 0;
  const held = new Set(member.roleIds);
  return Math.max(0, ...roles.filter((role) => held.has(role.id)).map((role) => role.position));
}

const permissionsOf = (context: ActContext, member: MemberRoles) => computeMemberPermissions({ guildId: context.guildId, ownerId: context.ownerId, roles: context.roles, member });

export function refusal(act: Act, context: ActContext): Refusal | null {
  if (context.targetId === context.ownerId) return { code: "mod_target_owner" };
  if (context.bot && context.targetId === context.bot.userId) return { code: "mod_target_bot" };
  const needed = NEEDS[act];
  if (needed && (!context.bot || (permissionsOf(context, context.bot) & PermissionFlagsBits[needed.permission]) === 0n)) return { code: needed.missing };
  if (ON_MEMBERS.has(act) && !context.target) return { code: "not_a_member" };
  if (!RANKED.has(act)) return null;
  const targetTop = topPosition(context.roles, context.target);
  if (act !== "warn" && targetTop >= topPosition(context.roles, context.bot)) return { code: "mod_target_above_bot" };
  if (context.moderator && context.moderator.userId !== context.ownerId && targetTop >= topPosition(context.roles, context.moderator)) return { code: "mod_target_above_you" };
  if (act === "timeout" && context.target && (permissionsOf(context, context.target) & PermissionFlagsBits.Administrator) !== 0n) return { code: "mod_target_admin" };
  return null;
}
