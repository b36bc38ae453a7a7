import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { pluginItems } from "@/lib/db/schema";
import { settingsView } from "@/lib/guilds/guild-settings";
import { readGuildSettings } from "@/lib/guilds/settings-queries";
import { eventAutomations } from "@/lib/plugins/automations/bot-config";
import { automations } from "@/lib/plugins/automations/definition";
import { getPlugin } from "@/lib/plugins/index";
import { itemResponse, queryItems } from "@/lib/plugins/items";
import { readAllPluginStates } from "@/lib/plugins/plugin-states";
import { formatCursor, lastCommit } from "./change-feed";
import type { GuildConfig } from "./schemas";

/** More than any collection holds (their premium limits are far lower): every item. */
const ALL_ITEMS = { limit: 100_000, offset: 0 };

/**
 * A guild's configuration as the bot needs it, read in one repeatable-read transaction: the
 * settings, the plugins, their items and the feed's position all come from one snapshot, so
 * applying the changes after `version` to it gives the guild's configuration at any later commit.
 * Plugins: every one that is on, and every one holding items even while off (the day it is
 * turned on, the feed brings its state, not its items again). One missing is off with no items.
 */
export async function readGuildConfig(db: Db, guildId: string): Promise<GuildConfig> {
  return db.transaction(
    async (tx) => {
      const snapshot = tx as unknown as Db;
      const version = await lastCommit(tx);
      const [settings, states, holding] = await Promise.all([
        readGuildSettings(snapshot, guildId),
        readAllPluginStates(snapshot, guildId),
        tx.selectDistinct({ pluginId: pluginItems.pluginId }).from(pluginItems).where(eq(pluginItems.guildId, guildId)),
      ]);
      const withItems = new Set(holding.map((row) => row.pluginId));
      const plugins: GuildConfig["plugins"] = {};
      for (const [pluginId, state] of Object.entries(states)) {
        if (!state.enabled && !withItems.has(pluginId)) continue;
        const collections: GuildConfig["plugins"][string]["collections"] = {};
        for (const collection of Object.keys(getPlugin(pluginId)!.collections)) {
          const { items } = await queryItems(tx, { guildId, pluginId, collection }, ALL_ITEMS);
          collections[collection] = items.map(itemResponse);
        }
        plugins[pluginId] = { enabled: state.enabled, config: state.config, version: state.version, collections };
      }
      const own = plugins[automations.id];
      return {
        guild_id: guildId,
        version: formatCursor({ commit: version, change: null }),
        settings: settingsView(settings),
        automations: eventAutomations(own?.enabled === true, (own?.collections.automations ?? []) as Array<Record<string, unknown> & { id: string }>, settings.buffs),
        plugins,
      };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}
