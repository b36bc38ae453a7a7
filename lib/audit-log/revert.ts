import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { auditEvents } from "@/lib/db/schema";
import type { GuildAccess } from "@/lib/guilds/access";
import { settingsView, updateGuildSettings, type SettingsView } from "@/lib/guilds/guild-settings";
import { readGuildSettings } from "@/lib/guilds/settings-queries";
import { ApiError, versionConflict } from "@/lib/http/api-error";
import { getPlugin } from "@/lib/plugins/index";
import { createItems, deleteItem, getItem, updateItem } from "@/lib/plugins/items";
import { readPluginState, writePluginState } from "@/lib/plugins/plugin-states";
import { isRecord } from "@/lib/plugins/schema-walk";
import { sameValue } from "@/lib/json/same-value";
import { assertPremiumAllowed, checkReferences } from "@/lib/plugins/rules";
import { parseTarget } from "./target";

/**
 * Puts back the value an event replaced. Refused with 412 when the target no
 * longer holds the event's "after" value: a later change would be lost silently.
 * The revert is itself a change, audited like any other.
 */
export async function revertEvent(db: Db, access: GuildAccess, eventId: number): Promise<void> {
  const [event] = await db.select().from(auditEvents).where(and(eq(auditEvents.guildId, access.guildId), eq(auditEvents.id, eventId))).limit(1);
  if (!event) throw new ApiError(404, "audit_event_not_found", "This audit event does not exist in this server.");
  const target = parseTarget(event.target);
  if (!target) throw new ApiError(400, "not_revertible", "This change cannot be reverted.");
  const writer = { userId: access.userId, buffs: access.buffs, action: "revert" as const };

  if (target.kind === "guild") {
    const current = settingsView(await readGuildSettings(db, access.guildId));
    // Settings added since the event (timezone) are not part of it: compared and put back are only the ones it holds.
    const held = isRecord(event.after) ? Object.keys(event.after) : [];
    if (!sameValue(Object.fromEntries(held.map((key) => [key, current[key as keyof SettingsView]])), event.after)) throw versionConflict();
    // The old value must still be allowed today, like every write: a channel may be gone since.
    await checkReferences(db, access.guildId, "guild", event.before);
    await updateGuildSettings(db, { guildId: access.guildId, userId: access.userId, patch: event.before as Partial<SettingsView>, action: "revert" });
    return;
  }

  const plugin = getPlugin(target.pluginId)!;
  if (target.kind === "plugin") {
    const current = await readPluginState(db, access.guildId, plugin);
    if (!sameValue({ enabled: current.enabled, config: current.config }, event.after)) throw versionConflict();
    const before = isRecord(event.before) ? event.before : {};
    const config = plugin.configSchema.parse(isRecord(before.config) ? before.config : {}) as Record<string, unknown>;
    // The old value must still be allowed today: the guild may have lost premium or a channel since.
    if (before.enabled === true) assertPremiumAllowed(plugin, plugin.configSchema, config, access.premium);
    await checkReferences(db, access.guildId, { plugin }, config);
    await writePluginState(db, {
      guildId: access.guildId,
      userId: access.userId,
      plugin,
      next: () => ({ enabled: before.enabled === true, config }),
      expectedVersion: current.version,
      action: "revert",
    });
    return;
  }

  const scope = { guildId: access.guildId, pluginId: plugin.id, collection: target.collection };
  const current = await getItem(db, scope, target.itemId).catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  });
  if (!sameValue(current?.data ?? null, event.after)) throw versionConflict();
  const definition = plugin.collections[target.collection]!;
  // An audit row written before the item's shape changed restores it in today's shape.
  const before = isRecord(event.before) ? (definition.upgrade?.(event.before) ?? event.before) : null;
  if (before) {
    assertPremiumAllowed(plugin, definition.itemSchema, before, access.premium);
    await checkReferences(db, access.guildId, { plugin, collection: target.collection }, before);
  }
  if (!current && before) await createItems(db, scope, definition, writer, [before], [target.itemId]);
  else if (current && !before) await deleteItem(db, scope, target.itemId, writer);
  else if (current && before) await updateItem(db, scope, target.itemId, writer, () => before, current.version);
}
