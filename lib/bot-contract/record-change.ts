import "server-only";
import type { Tx } from "@/lib/db/client";
import { configChanges } from "@/lib/db/schema";

// The change feed's writer: every write of a guild's configuration (plugin state, collection
// items, server settings) adds its changes here, in the transaction of the write, so a change
// is in the feed exactly when it committed. The rows are numbered at COMMIT by the database
// (migration 0017): the bot reads them in that order (GET /api/bot/v1/changes). Writers run at
// READ COMMITTED, the default: that numbering updates one shared row at commit, which a
// REPEATABLE READ transaction could not do once another commit had taken a number since it began.

export type ConfigChange =
  | { kind: "plugin"; pluginId: string; value: { enabled: boolean; config: Record<string, unknown>; version: number } }
  | { kind: "item_created" | "item_updated"; pluginId: string; collection: string; itemId: string; value: Record<string, unknown> }
  | { kind: "item_deleted"; pluginId: string; collection: string; itemId: string }
  | { kind: "guild_settings"; value: Record<string, unknown> };

/** Adds the changes of one write, in the order given, inside its transaction. */
export async function recordChanges(tx: Tx, guildId: string, changes: readonly ConfigChange[]): Promise<void> {
  if (changes.length === 0) return;
  await tx.insert(configChanges).values(
    changes.map((change) => ({
      guildId,
      kind: change.kind,
      pluginId: "pluginId" in change ? change.pluginId : null,
      collection: "collection" in change ? change.collection : null,
      itemId: "itemId" in change ? change.itemId : null,
      value: "value" in change ? change.value : null,
    })),
  );
}
