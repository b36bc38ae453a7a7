import "server-only";
import { eq, sql } from "drizzle-orm";
import { auditTarget, recordAudit, type AuditAction } from "@/lib/audit/record";
import { recordChanges } from "@/lib/bot-contract/record-change";
import type { Db, Tx } from "@/lib/db/client";
import { customBots, guildPlugins } from "@/lib/db/schema";

// The custom bot's row and the one way it is written: every change is one transaction with its
// audit row (ids, names, status, presence; never the token) and the custom_bot plugin's state,
// kept in step (on exactly while the bot is active) and written to the bot's change feed, so the
// overview shows it and the gateway bot knows to read the custom bot again (lib/bot-contract).

export type CustomBotRow = typeof customBots.$inferSelect;
export type CustomBotValues = typeof customBots.$inferInsert;

export const CUSTOM_BOT_PLUGIN = "custom_bot";

export async function readCustomBot(db: Db | Tx, guildId: string): Promise<CustomBotRow | null> {
  const [row] = await db.select().from(customBots).where(eq(customBots.guildId, guildId)).limit(1);
  return row ?? null;
}

/** The row, locked until the transaction ends: two writers of one guild's bot go one after the other. */
export async function lockCustomBot(tx: Tx, guildId: string): Promise<CustomBotRow | null> {
  const [row] = await tx.select().from(customBots).where(eq(customBots.guildId, guildId)).for("update");
  return row ?? null;
}

/** What the audit log keeps of a custom bot: who it is and how it is set, never its token. */
export function auditView(row: CustomBotRow | null) {
  if (!row) return null;
  return {
    bot_user_id: row.botUserId,
    application_id: row.applicationId,
    name: row.name,
    avatar: row.avatar,
    status: row.status,
    status_reason: row.statusReason,
    presence_status: row.presenceStatus,
    presence_activity_type: row.presenceActivityType,
    presence_activity_name: row.presenceActivityName,
    presence_activity_url: row.presenceActivityUrl,
    backstory_enabled: row.backstoryEnabled,
    backstory_channel_ids: row.backstoryChannelIds,
  };
}

/** What a write changes; a first write (enable-custom-bot) gives every column without a default. */
export type CustomBotChange = Partial<Omit<CustomBotValues, "guildId" | "createdAt" | "updatedAt" | "updatedBy">>;

type Write = { guildId: string; userId: string; action: AuditAction; before: CustomBotRow | null; values: CustomBotChange };

/** Stores the change (a new row when `before` is null), its audit row and the plugin's state; returns the row. */
export async function writeCustomBot(tx: Tx, { guildId, userId, action, before, values }: Write): Promise<CustomBotRow> {
  const at = new Date();
  const [row] = before
    ? await tx.update(customBots).set({ ...values, updatedAt: at, updatedBy: userId }).where(eq(customBots.guildId, guildId)).returning()
    : await tx.insert(customBots).values({ ...(values as Omit<CustomBotValues, "guildId">), guildId, updatedBy: userId }).returning();
  await recordAudit(tx, { guildId, userId, action, target: auditTarget.customBot(), before: auditView(before), after: auditView(row!) });
  await stepPlugin(tx, guildId, userId, row!.status === "active");
  return row!;
}

/**
 * The custom_bot plugin's state follows the bot: on while it is active. Its version moves with
 * every change of the bot, and the change goes to the feed, so a bot following it reads the custom
 * bot again (GET /api/bot/v1/guilds/{id}/custom-bot). Its config stays empty: the custom bot is here.
 */
async function stepPlugin(tx: Tx, guildId: string, userId: string, enabled: boolean): Promise<void> {
  const values = { enabled, config: {}, updatedAt: new Date(), updatedBy: userId };
  const [plugin] = await tx
    .insert(guildPlugins)
    .values({ guildId, pluginId: CUSTOM_BOT_PLUGIN, ...values, version: 1 })
    .onConflictDoUpdate({ target: [guildPlugins.guildId, guildPlugins.pluginId], set: { ...values, version: sql`${guildPlugins.version} + 1` } })
    .returning();
  await recordChanges(tx, guildId, [{ kind: "plugin", pluginId: CUSTOM_BOT_PLUGIN, value: { enabled, config: {}, version: plugin!.version } }]);
}
