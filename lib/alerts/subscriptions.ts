import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { guildPlugins, pluginItems } from "@/lib/db/schema";
import type { ProviderId } from "@/lib/providers/types";

// Where each provider's subscriptions are kept: the plugin of the same id, in its one
// collection (spec 7 names them: twitch/streamers, reddit/subreddits, instagram/subscription…).

export const SUBSCRIPTION_COLLECTIONS: Record<ProviderId, string> = {
  twitch: "streamers",
  youtube: "subscriptions",
  kick: "subscriptions",
  reddit: "subreddits",
  rss: "subscriptions",
  podcasts: "subscriptions",
  tiktok: "subscriptions",
  instagram: "subscription",
  twitter: "subscriptions",
};

export type Subscription = {
  id: string;
  guildId: string;
  sourceId: string;
  channelId: string;
  /** The subscription's own message; blank sends the plugin's default message. */
  message: string;
  mentionRoleId: string | null;
  createdAt: Date;
  updatedAt: Date;
  /** The plugin's config in that guild (default message, preview…). */
  config: Record<string, unknown>;
};

const text = (value: unknown) => (typeof value === "string" ? value : "");

/** Every subscription to `provider` in the guilds where its plugin is on, in one query. */
export async function enabledSubscriptions(db: Db, provider: ProviderId): Promise<Subscription[]> {
  const rows = await db
    .select({ id: pluginItems.id, guildId: pluginItems.guildId, data: pluginItems.data, createdAt: pluginItems.createdAt, updatedAt: pluginItems.updatedAt, config: guildPlugins.config })
    .from(pluginItems)
    .innerJoin(guildPlugins, and(eq(guildPlugins.guildId, pluginItems.guildId), eq(guildPlugins.pluginId, pluginItems.pluginId)))
    .where(and(eq(pluginItems.pluginId, provider), eq(pluginItems.collection, SUBSCRIPTION_COLLECTIONS[provider]), eq(guildPlugins.enabled, true)));
  return rows
    .map((row) => ({
      id: row.id,
      guildId: row.guildId,
      sourceId: text(row.data.source_id),
      channelId: text(row.data.channel_id),
      message: text(row.data.message),
      mentionRoleId: text(row.data.mention_role_id) || null,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
      config: row.config,
    }))
    .filter((subscription) => subscription.sourceId !== "" && subscription.channelId !== "");
}
