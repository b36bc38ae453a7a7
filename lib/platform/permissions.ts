// Permission bitfield math for the chat platform (spec 3 and 5), on the flags of
// discord-api-types (PermissionFlagsBits). Pure and client-safe. Every value is a BigInt:
// the bot's permission integer (364870364415) and flags such as ModerateMembers (1 << 40)
// do not fit in the 32-bit integers that JavaScript's `<<`, `&` and `|` operate on.
import { PermissionFlagsBits } from "discord-api-types/v10";

/** Each flag's name: the last one discord-api-types lists for its bit (ManageGuildExpressions, not its older alias). */
export type PermissionName = keyof typeof PermissionFlagsBits;
const FLAG_NAMES = new Map<bigint, PermissionName>((Object.entries(PermissionFlagsBits) as Array<[PermissionName, bigint]>).map(([name, bit]) => [bit, name]));

/** Every flag the platform defines OR-ed together: what an owner or administrator holds. */
export const ALL_PERMISSIONS: bigint = [...FLAG_NAMES.keys()].reduce((all, flag) => all | flag, 0n);

/** The permission integer requested when the bot is added to a guild (spec 6 and 9). */
export const BOT_PERMISSIONS = 364870364415n;

// Permission integers are unsigned 64-bit on the wire; anything wider is garbage.
const MAX_PERMISSIONS = (1n << 64n) - 1n;

export class PermissionParseError extends Error {
  readonly value: unknown;
  constructor(value: unknown) {
    super(`Invalid permission value: ${describe(value)}`);
    this.name = "PermissionParseError";
    this.value = value;
  }
}

function describe(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (typeof value === "bigint") return `${value}n`;
  return String(value);
}

/**
 * Parses a permission integer as the platform serialises it (a decimal string),
 * or a non-negative safe integer, or a bigint. Throws PermissionParseError on
 * anything else: signs, decimals, hex, whitespace, empty strings, values wider than 64 bits.
 */
export function parsePermissions(value: string | number | bigint): bigint {
  let parsed: bigint;
  if (typeof value === "bigint") {
    parsed = value;
  } else if (typeof value === "number") {
    if (!Number.isSafeInteger(value)) throw new PermissionParseError(value);
    parsed = BigInt(value);
  } else if (typeof value === "string" && /^\d{1,20}$/.test(value)) {
    parsed = BigInt(value);
  } else {
    throw new PermissionParseError(value);
  }
  if (parsed < 0n || parsed > MAX_PERMISSIONS) throw new PermissionParseError(value);
  return parsed;
}

/** Spec 5: ADMINISTRATOR passes every check; otherwise every required bit must be present. */
export function hasPermissions(total: bigint, required: bigint): boolean {
  if ((total & PermissionFlagsBits.Administrator) === PermissionFlagsBits.Administrator) return true;
  return (total & required) === required;
}

/** Names of the known flags set in a permission integer, lowest bit first. */
export function permissionNames(total: bigint): PermissionName[] {
  return [...FLAG_NAMES].filter(([bit]) => (total & bit) !== 0n).sort(([a], [b]) => (a < b ? -1 : 1)).map(([, name]) => name);
}

export interface MemberPermissionInput {
  guildId: string;
  ownerId: string;
  roles: ReadonlyArray<{ id: string; permissions: string }>;
  member: { userId: string; roleIds: readonly string[] };
}

/**
 * Guild-level permissions of a member (spec 5; the bot is handled as a member too).
 * The owner holds everything. Otherwise start from the @everyone role (its id equals
 * the guild id) and OR each of the member's roles; ADMINISTRATOR then grants everything.
 * Role ids the guild does not have are ignored. Channel overwrites are not applied.
 */
export function computeMemberPermissions({ guildId, ownerId, roles, member }: MemberPermissionInput): bigint {
  if (member.userId === ownerId) return ALL_PERMISSIONS;
  const byId = new Map(roles.map((role) => [role.id, role]));
  const everyone = byId.get(guildId);
  let total = everyone ? parsePermissions(everyone.permissions) : 0n;
  for (const roleId of member.roleIds) {
    const role = byId.get(roleId);
    if (role) total |= parsePermissions(role.permissions);
  }
  return (total & PermissionFlagsBits.Administrator) === PermissionFlagsBits.Administrator ? ALL_PERMISSIONS : total;
}

/**
 * Whether a user may manage a guild, from the partial guild of the user's guild
 * list (`owner`, `permissions` as a decimal string): owner, ADMINISTRATOR or MANAGE_GUILD.
 * A missing or malformed permissions value grants nothing.
 */
export function canManageGuild(partial: { owner?: boolean; permissions?: string }): boolean {
  if (partial.owner === true) return true;
  if (partial.permissions === undefined) return false;
  let total: bigint;
  try {
    total = parsePermissions(partial.permissions);
  } catch {
    return false;
  }
  return hasPermissions(total, PermissionFlagsBits.ManageGuild);
}
