import type { PickerChannel, PickerRole } from "./pickers";

// Channels and roles travel from the server page to the form islands as rows of values
// instead of objects: the keys repeated on every channel and role were ~half of the
// pickers' share of a plugin page's HTML. Client-safe; islands unpack once.

type Pickers = { channels: PickerChannel[]; roles: PickerRole[] };
type PackedChannel = [id: string, name: string, type: number, position: number, parentId: string | 0];
type PackedRole = [id: string, name: string, color: number, position: number, flags: number];
export type PackedPickers = { c: PackedChannel[]; r: PackedRole[] };

const MENTIONABLE = 1;
const MANAGED = 2;
const ASSIGNABLE = 4;
const REASONS = ["above_bot", "managed", "everyone"] as const;
/** The reason a role cannot be given sits above the three flag bits: index + 1, 0 for none. */
const REASON_SHIFT = 3;

export function packPickers({ channels, roles }: Pickers): PackedPickers {
  return {
    c: channels.map((channel) => [channel.id, channel.name, channel.type, channel.position, channel.parent_id ?? 0]),
    r: roles.map((role) => [
      role.id,
      role.name,
      role.color,
      role.position,
      (role.mentionable ? MENTIONABLE : 0) | (role.managed ? MANAGED : 0) | (role.assignable ? ASSIGNABLE : 0) | ((role.reason ? REASONS.indexOf(role.reason) + 1 : 0) << REASON_SHIFT),
    ]),
  };
}

export function unpackPickers({ c, r }: PackedPickers): Pickers {
  return {
    channels: c.map(([id, name, type, position, parentId]) => ({ id, name, type, position, parent_id: parentId === 0 ? null : parentId })),
    roles: r.map(([id, name, color, position, flags]) => {
      const reason = REASONS[(flags >> REASON_SHIFT) - 1];
      return { id, name, color, position, mentionable: (flags & MENTIONABLE) !== 0, managed: (flags & MANAGED) !== 0, assignable: (flags & ASSIGNABLE) !== 0, ...(reason ? { reason } : {}) };
    }),
  };
}
