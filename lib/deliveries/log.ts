import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import { CHECK_EVERY_MINUTES } from "@/lib/alerts/cadence";
import { SUBSCRIPTION_COLLECTIONS } from "@/lib/alerts/subscriptions";
import type { Db } from "@/lib/db/client";
import { providerBackoffs, runStatus, sourcePolls } from "@/lib/db/schema";
import { getEnv } from "@/lib/env";
import { getPlugin } from "@/lib/plugins/index";
import { queryItems } from "@/lib/plugins/items";
import { isProviderId } from "@/lib/providers/variables";

// The delivery log of a plugin page: for each item that runs by itself (a subscription, a
// timer, a giveaway), or for the plugin as a whole (birthdays, counters), when it was last
// checked and posted (with a link to the message), when it runs next, and why it did not post.

/** The plugins whose settings run without a gateway bot: their pages show a delivery log. */
export const LOGGED_PLUGINS = ["twitch", "youtube", "kick", "reddit", "rss", "podcasts", "tiktok", "instagram", "twitter", "timers", "giveaways", "birthdays", "statistics"] as const;

export const hasDeliveryLog = (pluginId: string) => (LOGGED_PLUGINS as readonly string[]).includes(pluginId);

export type DeliveryLogRow = {
  item_id: string;
  /** The item's title (a streamer, a timer's name, a prize); "" for the plugin as a whole. */
  title: string;
  /** For a plugin without items: which part of it the row is about (a statistics counter), worded by the page. */
  part: string | null;
  last_checked_at: string | null;
  last_posted_at: string | null;
  message_url: string | null;
  next_run_at: string | null;
  /** Why the last run did not post: a code of messages' deliveryLog.errors, and its values. */
  error: { code: string; values: Record<string, string | number>; at: string } | null;
  paused: boolean;
};

export type DeliveryLog = { rows: DeliveryLogRow[]; provider: { backed_off_until: string; last_error: string | null } | null };

/** Items listed: the first page of the collection, as the page lists them. */
const LIMIT = 50;

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

/** Discord's link to a message (the emulator answers it too). */
function messageUrl(guildId: string, channelId: string | null, messageId: string | null): string | null {
  return channelId && messageId ? `${getEnv().DISCORD_OAUTH_URL}/channels/${guildId}/${channelId}/${messageId}` : null;
}

/** The next check of a provider checked every `minutes` minutes (its cron starts each hour at :00). */
export function nextCheck(minutes: number, now: Date): Date {
  const step = minutes * 60_000;
  return new Date(Math.floor(now.getTime() / step) * step + step);
}

export async function readDeliveryLog(db: Db, guildId: string, pluginId: string, now = new Date()): Promise<DeliveryLog> {
  const plugin = getPlugin(pluginId);
  if (!plugin || !hasDeliveryLog(pluginId)) return { rows: [], provider: null };
  const collection = isProviderId(pluginId) ? SUBSCRIPTION_COLLECTIONS[pluginId] : Object.keys(plugin.collections)[0];
  const titleField = collection ? plugin.collections[collection]!.titleField : null;
  const listed = collection ? (await queryItems(db, { guildId, pluginId, collection }, { limit: LIMIT, offset: 0 })).items : null;
  const statuses = await db
    .select()
    .from(runStatus)
    .where(and(eq(runStatus.guildId, guildId), eq(runStatus.pluginId, pluginId), ...(listed ? [inArray(runStatus.itemId, listed.length > 0 ? listed.map((item) => item.id) : [""])] : [])));
  const byItem = new Map(statuses.map((status) => [status.itemId, status]));
  // A plugin without items logs the plugin as a whole ("") and its parts by name (the statistics counters).
  const items = listed ?? (statuses.length > 0 ? statuses.map((status) => ({ id: status.itemId, data: {} as Record<string, unknown> })) : [{ id: "", data: {} as Record<string, unknown> }]);

  let provider: DeliveryLog["provider"] = null;
  let checked = new Map<string, Date | null>();
  if (isProviderId(pluginId)) {
    const sources = [...new Set(items.map((item) => String(item.data.source_id ?? "")))].filter(Boolean);
    const [polls, [backoff]] = await Promise.all([
      sources.length > 0 ? db.select({ sourceId: sourcePolls.sourceId, checkedAt: sourcePolls.checkedAt }).from(sourcePolls).where(and(eq(sourcePolls.provider, pluginId), inArray(sourcePolls.sourceId, sources))) : [],
      db.select().from(providerBackoffs).where(eq(providerBackoffs.provider, pluginId)).limit(1),
    ]);
    checked = new Map(polls.map((poll) => [poll.sourceId, poll.checkedAt]));
    if (backoff && backoff.until > now) provider = { backed_off_until: backoff.until.toISOString(), last_error: backoff.lastError };
  }

  const rows = items.map((item): DeliveryLogRow => {
    const status = byItem.get(item.id);
    const lastChecked = isProviderId(pluginId) ? (checked.get(String(item.data.source_id ?? "")) ?? null) : (status?.lastCheckedAt ?? null);
    const nextRun = isProviderId(pluginId) ? (provider ? new Date(provider.backed_off_until) : nextCheck(CHECK_EVERY_MINUTES[pluginId], now)) : (status?.nextRunAt ?? null);
    return {
      item_id: item.id,
      title: titleField ? String(item.data[titleField] ?? "") : "",
      part: listed ? null : item.id || null,
      last_checked_at: iso(lastChecked),
      last_posted_at: iso(status?.lastPostedAt),
      message_url: messageUrl(guildId, status?.lastChannelId ?? null, status?.lastMessageId ?? null),
      next_run_at: status?.pausedAt ? null : iso(nextRun),
      error: status?.errorCode ? { code: status.errorCode, values: status.errorValues ?? {}, at: iso(status.errorAt)! } : null,
      paused: status?.pausedAt !== null && status?.pausedAt !== undefined,
    };
  });
  return { rows, provider };
}
