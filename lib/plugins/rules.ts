import "server-only";
import type { z } from "zod";
import { CHANNEL_TYPES_BY_UI, type GuildPickers } from "@/lib/guilds/pickers";
import { ApiError } from "@/lib/http/api-error";
import { collectReferences, mapFields } from "./schema-walk";
import type { PluginDefinition } from "./types";

// Checks that need the guild: ids must exist there, premium-only fields and
// sizes need a premium guild. Run after zod, before any write.

const ROLE_NOT_GIVABLE = {
  above_bot: "is above the bot's highest role, so the bot cannot give it",
  managed: "belongs to an integration, so the bot cannot give it",
  everyone: "is @everyone, which every member already has",
} as const;

export function assertReferencesExist(schema: z.ZodType, value: unknown, pickers: GuildPickers): void {
  const channels = new Map(pickers.channels.map((channel) => [channel.id, channel]));
  const roles = new Map(pickers.roles.map((role) => [role.id, role]));
  const fields = collectReferences(schema, value).flatMap((ref) => {
    if (ref.kind === "role") {
      const role = roles.get(ref.id);
      if (!role) return [{ path: ref.path, message: "is not a role of this server" }];
      return ref.gives && !role.assignable ? [{ path: ref.path, message: ROLE_NOT_GIVABLE[role.reason ?? "above_bot"] }] : [];
    }
    const channel = channels.get(ref.id);
    if (!channel) return [{ path: ref.path, message: "is not a channel of this server" }];
    const allowed = CHANNEL_TYPES_BY_UI[ref.ui] ?? [];
    return allowed.includes(channel.type) ? [] : [{ path: ref.path, message: "is not the right kind of channel" }];
  });
  if (fields.length > 0) {
    throw new ApiError(400, "validation_failed", `Invalid body: ${fields[0]!.path} ${fields[0]!.message}`, fields);
  }
}

/** A free guild may not use a premium plugin, change a premium field, or exceed a field's free size. */
export function assertPremiumAllowed(plugin: PluginDefinition, schema: z.ZodType, value: unknown, premium: boolean): void {
  if (premium) return;
  if (plugin.premium) throw premiumRequired(`${plugin.id} is a premium plugin.`);
  mapFields(schema, value, (meta, fieldValue, path, fieldSchema) => {
    if (meta.premium && JSON.stringify(fieldValue) !== JSON.stringify(fieldSchema.safeParse(undefined).data)) {
      throw premiumRequired(`Changing ${path} needs premium.`);
    }
    const size = Array.isArray(fieldValue) || typeof fieldValue === "string" ? fieldValue.length : 0;
    if (meta.freeMax !== undefined && size > meta.freeMax) {
      throw premiumRequired(`Free servers may use ${meta.freeMax} at most in ${path}; premium raises the limit.`);
    }
    return fieldValue;
  });
}

function premiumRequired(message: string): ApiError {
  return new ApiError(403, "premium_required", message);
}
