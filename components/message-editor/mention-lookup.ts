"use client";

import { useMemo } from "react";
import type { MentionLookup } from "@/lib/templates/mentions";
import { roleColor, type ChannelLike, type RoleLike } from "./suggest";
import type { MessageEditorData } from "./types";

// What the editor and the preview share, apart from the preview's markdown drawing (which the
// editor loads after the page is interactive: lazy-message-preview.tsx).

// `{random}` shows one stable number: the same on the server and in the browser (no hydration
// mismatch) and between keystrokes (no flicker).
export const steadyRandom = () => 0.42;

/** Names for the ids mentions hold: the pickers' channels and roles, the page's member names (plus `found` ones), the signed-in user. */
export function useMentionLookup(channels: readonly ChannelLike[], roles: readonly RoleLike[], data: Pick<MessageEditorData, "members" | "context">, found?: Readonly<Record<string, string>>): MentionLookup {
  const { members, context } = data;
  return useMemo<MentionLookup>(() => {
    const channelNames = new Map(channels.map((channel) => [channel.id, channel.name]));
    const roleNames = new Map(roles.map((role) => [role.id, role.name]));
    const self = context.user;
    return {
      channel: (channelId) => channelNames.get(channelId),
      role: (roleId) => roleNames.get(roleId),
      member: (userId) => found?.[userId] ?? members[userId] ?? (userId === self.id ? self.globalName || self.username : undefined),
    };
  }, [channels, roles, found, members, context.user]);
}

/** CSS colours of the roles that have one, by id (role pills). */
export function useRoleColors(roles: readonly RoleLike[]): ReadonlyMap<string, string> {
  return useMemo(() => new Map(roles.flatMap((role) => (roleColor(role.color) ? [[role.id, roleColor(role.color)!] as const] : []))), [roles]);
}
