// Permission bitfield math for the chat platform (spec 3 and 5).
// Pure and client-safe. Every value is a BigInt: the bot's permission integer
// (364870364415) and flags such as MODERATE_MEMBERS (1 << 40) do not fit in the
// 32-bit integers that JavaScript's `<<`, `&` and `|` operate on.

/** Permission flags with the platform's values (Discord API v10). */
export const Permission = {
  CREATE_INSTANT_INVITE: 1n << 0n,
  KICK_MEMBERS: 1n << 1n,
  BAN_MEMBERS: 1n << 2n,
  ADMINISTRATOR: 1n << 3n,
  MANAGE_CHANNELS: 1n << 4n,
  MANAGE_GUILD: 1n << 5n,
  ADD_REACTIONS: 1n << 6n,
  VIEW_AUDIT_LOG: 1n << 7n,
  PRIORITY_SPEAKER: 1n << 8n,
  STREAM: 1n << 9n,
  VIEW_CHANNEL: 1n << 10n,
  SEND_MESSAGES: 1n << 11n,
  SEND_TTS_MESSAGES: 1n << 12n,
  MANAGE_MESSAGES: 1n << 13n,
  EMBED_LINKS: 1n << 14n,
  ATTACH_FILES: 1n << 15n,
  READ_MESSAGE_HISTORY: 1n << 16n,
  MENTION_EVERYONE: 1n << 17n,
  USE_EXTERNAL_EMOJIS: 1n << 18n,
  VIEW_GUILD_INSIGHTS: 1n << 19n,
  CONNECT: 1n << 20n,
  SPEAK: 1n << 21n,
  MUTE_MEMBERS: 1n << 22n,
  DEAFEN_MEMBERS: 1n << 23n,
  MOVE_MEMBERS: 1n << 24n,
  USE_VAD: 1n << 25n,
  CHANGE_NICKNAME: 1n << 26n,
  MANAGE_NICKNAMES: 1n << 27n,
  MANAGE_ROLES: 1n << 28n,
  MANAGE_WEBHOOKS: 1n << 29n,
  MANAGE_EMOJIS: 1n << 30n,
  USE_APPLICATION_COMMANDS: 1n << 31n,
  REQUEST_TO_SPEAK: 1n << 32n,
  MANAGE_EVENTS: 1n << 33n,
  MANAGE_THREADS: 1n << 34n,
  CREATE_PUBLIC_THREADS: 1n << 35n,
  CREATE_PRIVATE_THREADS: 1n << 36n,
  USE_EXTERNAL_STICKERS: 1n << 37n,
  SEND_MESSAGES_IN_THREADS: 1n << 38n,
  USE_EMBEDDED_ACTIVITIES: 1n << 39n,
  MODERATE_MEMBERS: 1n << 40n,
  VIEW_CREATOR_MONETIZATION_ANALYTICS: 1n << 41n,
  USE_SOUNDBOARD: 1n << 42n,
  CREATE_GUILD_EXPRESSIONS: 1n << 43n,
  CREATE_EVENTS: 1n << 44n,
  USE_EXTERNAL_SOUNDS: 1n << 45n,
  SEND_VOICE_MESSAGES: 1n << 46n,
  SEND_POLLS: 1n << 49n,
  USE_EXTERNAL_APPS: 1n << 50n,
} as const;

export type PermissionName = keyof typeof Permission;

/** Every flag above OR-ed together: what an owner or administrator holds. */
export const ALL_PERMISSIONS: bigint = Object.values(Permission).reduce((all, flag) => all | flag, 0n);

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
  if ((total & Permission.ADMINISTRATOR) === Permission.ADMINISTRATOR) return true;
  return (total & required) === required;
}

/** Names of the known flags set in a permission integer, lowest bit first. */
export function permissionNames(total: bigint): PermissionName[] {
  return (Object.keys(Permission) as PermissionName[]).filter((name) => (total & Permission[name]) !== 0n);
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
  return (total & Permission.ADMINISTRATOR) === Permission.ADMINISTRATOR ? ALL_PERMISSIONS : total;
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
  return hasPermissions(total, Permission.MANAGE_GUILD);
}
