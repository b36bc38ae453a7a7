import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import type { RecordedAudit } from "@/lib/audit/collect";
import type { Db } from "@/lib/db/client";
import { auditEvents, guildPlugins, users } from "@/lib/db/schema";
import { publishGuildSettingsUpdate } from "@/lib/realtime/hub";
import { notifyGuildManagers } from "./notify";

// A manager saved something on a guild (any route through the guild pipeline, which hands the
// audit rows here once its handler returned): every tab open on that guild hears it at once
// (GUILD_SETTINGS_UPDATE: a form showing an older version offers to reload instead of failing
// later with 412), and the guild's other managers get a notification.

/** What a teammate changes in the dashboard; billing, moderation cases and the bot's own reports are told otherwise or not at all. */
const SETTINGS_ACTIONS = new Set([
  "plugin.update",
  "item.create",
  "item.update",
  "item.delete",
  "guild.update",
  "settings.import",
  "revert",
  "account.link",
  "account.unlink",
  "moderation.lockdown",
  "custom_bot.enable",
  "custom_bot.update",
  "custom_bot.disable",
  "custom_bot.status",
  "custom_bot.backstory",
  "custom_bot.avatar",
]);

export async function announceGuildChanges(db: Db, recorded: readonly RecordedAudit[]): Promise<void> {
  try {
    // Only rows that exist were committed: a handler that caught its rolled-back transaction announces nothing.
    const committed = await db
      .select({ guildId: auditEvents.guildId, userId: auditEvents.userId, action: auditEvents.action, pluginId: auditEvents.pluginId })
      .from(auditEvents)
      .where(inArray(auditEvents.id, recorded.map((audit) => audit.id)));
    const changes = new Map<string, { guildId: string; userId: string; pluginId: string | null }>();
    for (const row of committed) if (SETTINGS_ACTIONS.has(row.action)) changes.set(`${row.guildId}:${row.userId}:${row.pluginId ?? ""}`, row);
    for (const change of changes.values()) {
      const [name, version] = await Promise.all([userName(db, change.userId), change.pluginId ? configVersion(db, change.guildId, change.pluginId) : null]);
      await publishGuildSettingsUpdate({ guild_id: change.guildId, plugin_id: change.pluginId, version, user: { id: change.userId, name } });
      await notifyGuildManagers(db, { guildId: change.guildId, kind: "settings_changed", params: { plugin: change.pluginId ?? "", by: name, by_id: change.userId }, except: change.userId });
    }
  } catch (error) {
    // The change itself is saved: only its announcement is lost (open forms still get their 412).
    console.error("[notifications] could not announce a guild change", error);
  }
}

async function userName(db: Db, userId: string): Promise<string> {
  const [row] = await db.select({ globalName: users.globalName, username: users.username }).from(users).where(eq(users.id, userId));
  return row ? (row.globalName ?? row.username) : userId;
}

async function configVersion(db: Db, guildId: string, pluginId: string): Promise<number | null> {
  const [row] = await db.select({ version: guildPlugins.version }).from(guildPlugins).where(and(eq(guildPlugins.guildId, guildId), eq(guildPlugins.pluginId, pluginId)));
  return row?.version ?? null;
}
