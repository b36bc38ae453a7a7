import "server-only";
import { deliveryLogEndpoints } from "@/lib/deliveries/endpoints";
import type { PluginEndpoint } from "./endpoint";
import { matchPath } from "./endpoint";
import { collectionEndpoints, configEndpoints } from "./generic-endpoints";
import { PLUGINS } from "./index";
import { achievementsEndpoints } from "./achievements/server";
import { automationsEndpoints } from "./automations/server";
import { birthdaysEndpoints } from "./birthdays/server";
import { economyEndpoints } from "./economy/server";
import { emojisEndpoints } from "./emojis/server";
import { giveawaysEndpoints } from "./giveaways/server";
import { guildEmbedsEndpoints } from "./guild_embeds/server";
import { levelsEndpoints } from "./levels/server";
import { membershipsEndpoints } from "./memberships/server";
import { rankCardEndpoints } from "./levels/rank-card-endpoints";
import { creditsEndpoints } from "./credits/server";
import { moderatorEndpoints } from "./moderator/server";
import { musicEndpoints } from "./music/server";
import { reactionRolesEndpoints } from "./reaction_roles/server";
import { recordEndpoints } from "./record/server";
import { temporaryChannelsEndpoints } from "./temporary_channels/server";
import { ticketingEndpoints } from "./ticketing/server";
import { timersEndpoints } from "./timers/server";
import { twitchEndpoints } from "./twitch/server";
import { welcomeEndpoints } from "./welcome/server";

// Every endpoint below /api/plugins: the special ones plugins declare, then the
// generic config and collection endpoints of every registered plugin. Plugins
// with special paths for a collection (timers, Twitch streamers by login) replace its generic paths; a
// special endpoint with a generic one's method and path replaces that one alone (deleting a ticket
// panel takes its message down too); the other special endpoints (each plugin's server.ts) add to them.

const REPLACING: PluginEndpoint[] = [...timersEndpoints(), ...twitchEndpoints()];
const SPECIAL: PluginEndpoint[] = [
  ...REPLACING,
  ...achievementsEndpoints(),
  ...automationsEndpoints(),
  ...birthdaysEndpoints(),
  ...creditsEndpoints(),
  ...economyEndpoints(),
  ...emojisEndpoints(),
  ...giveawaysEndpoints(),
  ...guildEmbedsEndpoints(),
  ...levelsEndpoints(),
  ...membershipsEndpoints(),
  ...moderatorEndpoints(),
  ...musicEndpoints(),
  ...rankCardEndpoints(),
  ...reactionRolesEndpoints(),
  ...recordEndpoints(),
  ...temporaryChannelsEndpoints(),
  ...ticketingEndpoints(),
  ...welcomeEndpoints(),
  ...deliveryLogEndpoints(),
];
const REPLACED = new Set(REPLACING.filter((item) => item.collection).map((item) => `${item.plugin}/${item.collection}`));
const OVERRIDDEN = new Set(SPECIAL.map((item) => `${item.method} ${item.path}`));

export const PLUGIN_ENDPOINTS: readonly PluginEndpoint[] = [
  // Config paths first: /timers/config/:guildId also fits the special /timers/:guildId/:itemId.
  ...PLUGINS.flatMap((plugin) => configEndpoints(plugin)),
  ...SPECIAL,
  ...PLUGINS.flatMap((plugin) =>
    Object.entries(plugin.collections)
      .filter(([name]) => !REPLACED.has(`${plugin.id}/${name}`))
      .flatMap(([name, definition]) => collectionEndpoints(plugin, name, definition))
      .filter((item) => !OVERRIDDEN.has(`${item.method} ${item.path}`)),
  ),
];

export type EndpointMatch = { kind: "found"; endpoint: PluginEndpoint; params: Record<string, string> } | { kind: "wrong_method"; allowed: string[] } | { kind: "none" };

export function findEndpoint(method: string, segments: readonly string[]): EndpointMatch {
  const allowed: string[] = [];
  for (const candidate of PLUGIN_ENDPOINTS) {
    const params = matchPath(candidate.path, segments);
    if (!params) continue;
    if (candidate.method === method) return { kind: "found", endpoint: candidate, params };
    allowed.push(candidate.method);
  }
  return allowed.length > 0 ? { kind: "wrong_method", allowed } : { kind: "none" };
}
