import { PLUGIN_IDS, type PluginId } from "./ids";
import { CATEGORIES, type PluginCategory, type PluginDefinition } from "./types";
import { moderator } from "./moderator/definition";
import { welcome } from "./welcome/definition";
import { timers } from "./timers/definition";
import { commands } from "./commands/definition";
import { reactionRoles } from "./reaction_roles/definition";
import { guildEmbeds } from "./guild_embeds/definition";
import { search } from "./search/definition";
import { record } from "./record/definition";
import { help } from "./help/definition";
import { statistics } from "./statistics/definition";
import { temporaryChannels } from "./temporary_channels/definition";
import { twitch } from "./twitch/definition";
import { twitter } from "./twitter/definition";
import { youtube } from "./youtube/definition";
import { reddit } from "./reddit/definition";
import { rss } from "./rss/definition";
import { kick } from "./kick/definition";
import { levels } from "./levels/definition";
import { birthdays } from "./birthdays/definition";
import { blindtest } from "./blindtest/definition";
import { music } from "./music/definition";
import { economy } from "./economy/definition";
import { giveaways } from "./giveaways/definition";
import { podcasts } from "./podcasts/definition";
import { tiktok } from "./tiktok/definition";
import { instagram } from "./instagram/definition";
import { ticketing } from "./ticketing/definition";
import { automations } from "./automations/definition";
import { achievements } from "./achievements/definition";
import { emojis } from "./emojis/definition";
import { webhooks } from "./webhooks/definition";
import { memberships } from "./memberships/definition";
import { credits } from "./credits/definition";
import { customBot } from "./custom_bot/definition";
import { nftAvatars } from "./nft_avatars/definition";

// Every plugin definition, safe for the browser (no server imports). Display
// order: grouped by category in CATEGORIES order, then as listed in spec 1.

export const PLUGINS = [
  // utilities
  moderator, welcome, timers, commands, reactionRoles, guildEmbeds, search, record, help, statistics, temporaryChannels,
  // social
  twitch, twitter, youtube, reddit, rss, kick,
  // fun
  levels, birthdays, blindtest, music, economy, giveaways,
  // other
  podcasts, tiktok, instagram, ticketing, automations, achievements, emojis, webhooks, memberships, credits, customBot, nftAvatars,
] as const;

export type Plugin = (typeof PLUGINS)[number];
export { PLUGIN_IDS, type PluginId };

// The definitions and the id list name the same plugins (the order is checked in registry.test.ts).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameIds: Same<Plugin["id"], PluginId> = true;
void sameIds;

const BY_ID: ReadonlyMap<string, PluginDefinition> = new Map(PLUGINS.map((plugin) => [plugin.id, plugin]));

export function getPlugin(id: string): PluginDefinition | undefined {
  return BY_ID.get(id);
}

export function isPluginId(value: unknown): value is PluginId {
  return typeof value === "string" && BY_ID.has(value);
}

/** Plugins of each category in display order; fresh arrays, safe to change. */
export function pluginsByCategory(): Record<PluginCategory, PluginDefinition[]> {
  const groups = Object.fromEntries(CATEGORIES.map((category) => [category, [] as PluginDefinition[]])) as Record<PluginCategory, PluginDefinition[]>;
  for (const plugin of PLUGINS) groups[plugin.category].push(plugin);
  return groups;
}
