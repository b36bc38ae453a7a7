import "server-only";

import { PermissionFlagsBits } from "discord-api-types/v10";
import { z } from "zod";

import { createRole, MAX_ROLE_NAME } from "@/lib/platform/guild-edits";
import { PlatformError, PlatformErrorCode } from "@/lib/platform/errors";
import { hasPermissions } from "@/lib/platform/permissions";
import type { GuildAccess } from "./access";
import { inputText } from "@/lib/validation/text";
import { GuildError } from "./errors";

// POST /guilds/{id}/roles: "+ Create role" in a role picker. The bot makes a role with no
// permissions (a reward or ping role is given permissions, if any, in Discord), just above
// @everyone and so below the bot's own role: a picker may offer it at once. Only a manager who
// could make roles in Discord (Manage Roles, or the owner) may: Manage Server alone is not enough.

export const roleCreation = z.strictObject({
  name: inputText().trim().min(1).max(MAX_ROLE_NAME),
  color: z.number().int().min(0).max(0xffffff).default(0),
  mentionable: z.boolean().default(false),
  hoist: z.boolean().default(false),
});

export type NewRole = { id: string; name: string; color: number; position: number; mentionable: boolean; managed: boolean };

export async function createGuildRole(access: GuildAccess, input: z.infer<typeof roleCreation>): Promise<NewRole> {
  if (!access.isOwner && !hasPermissions(access.permissions, PermissionFlagsBits.ManageRoles)) throw new GuildError("role_create_not_allowed");
  try {
    const role = await createRole(access.guildId, input, `Made by ${access.userId} from a role picker, via Guildhall`);
    return { id: role.id, name: role.name, color: role.color, position: role.position, mentionable: role.mentionable, managed: role.managed };
  } catch (error) {
    if (error instanceof PlatformError && error.code === PlatformErrorCode.MAX_ROLES) throw new GuildError("role_limit_reached");
    if (error instanceof PlatformError && error.code === PlatformErrorCode.MISSING_PERMISSIONS) throw new GuildError("role_bot_missing_permission");
    throw error;
  }
}
