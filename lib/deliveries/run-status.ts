import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "@/lib/db/client";
import { runStatus } from "@/lib/db/schema";
import { notifyGuildManagers } from "@/lib/notifications/notify";
import { PROVIDER_IDS } from "@/lib/providers/types";
import type { DeliveryTarget } from "./claim";
import type { Failure } from "./failures";

// The delivery log's rows: one per item that runs by itself, updated by the worker after each
// post, failure and schedule, read by the plugin pages (./log.ts).

const target = (item: DeliveryTarget) => ({ guildId: item.guildId, pluginId: item.pluginId, itemId: item.itemId });
const upsert = (db: Db | Tx, item: DeliveryTarget, values: Partial<typeof runStatus.$inferInsert>) =>
  db
    .insert(runStatus)
    .values({ ...target(item), ...values })
    .onConflictDoUpdate({ target: [runStatus.guildId, runStatus.pluginId, runStatus.itemId], set: values });

/** A post went out: it is the last one, and whatever went wrong before is over. */
export function recordPosted(db: Db | Tx, item: DeliveryTarget, message: { channelId: string; messageId: string }, at: Date) {
  return upsert(db, item, { lastPostedAt: at, lastChannelId: message.channelId, lastMessageId: message.messageId, errorCode: null, errorValues: null, errorAt: null, pausedAt: null });
}

/** A run that changed the platform without posting (a counter channel renamed); `nextRunAt` is when it may run again. */
export function recordChanged(db: Db | Tx, item: DeliveryTarget, channelId: string, at: Date, nextRunAt: Date | null) {
  return upsert(db, item, { lastPostedAt: at, lastChannelId: channelId, lastMessageId: null, nextRunAt, errorCode: null, errorValues: null, errorAt: null, pausedAt: null });
}

/**
 * A run did not post; a failure retrying cannot fix pauses the item until it is saved again, and
 * its guild's managers are told (a social alert paused, another post failed): a failure the
 * worker retries by itself tells nobody.
 */
export async function recordFailure(db: Db, item: DeliveryTarget, failure: Failure, at: Date, values: Record<string, string | number> = {}): Promise<void> {
  await upsert(db, item, { errorCode: failure.code, errorValues: values, errorAt: at, ...(failure.pause ? { pausedAt: at } : {}) });
  if (!failure.pause) return;
  const social = (PROVIDER_IDS as readonly string[]).includes(item.pluginId);
  await notifyGuildManagers(db, { guildId: item.guildId, kind: social ? "alert_paused" : "delivery_failed", params: { plugin: item.pluginId, reason: failure.code } });
}

/** When the item runs next (a timer's next post, a giveaway's end). */
export function recordNextRun(db: Db | Tx, item: DeliveryTarget, nextRunAt: Date | null) {
  return upsert(db, item, { nextRunAt });
}

/** Whether runs of this item are paused: paused after its last save (saving it again resumes it). */
export async function pausedItems(db: Db | Tx, guildPlugin: { pluginId: string }, itemIds: readonly string[]): Promise<Map<string, Date>> {
  if (itemIds.length === 0) return new Map();
  const rows = await db
    .select({ itemId: runStatus.itemId, pausedAt: runStatus.pausedAt })
    .from(runStatus)
    .where(and(eq(runStatus.pluginId, guildPlugin.pluginId), sql`${runStatus.itemId} = any(${sql.param([...itemIds])}::text[])`, sql`${runStatus.pausedAt} is not null`));
  return new Map(rows.map((row) => [row.itemId, row.pausedAt!]));
}

/** True while a pause set after the item's last save holds. */
export const isPaused = (pausedAt: Date | undefined, itemUpdatedAt: Date) => pausedAt !== undefined && pausedAt >= itemUpdatedAt;
