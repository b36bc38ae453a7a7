import "server-only";
import type { PluginEndpoint } from "../endpoint";
import { collectionEndpoints } from "../generic-endpoints";
import { timers } from "./definition";

// Spec 7 addresses timers as /plugins/timers/{guildId} and /plugins/timers/{guild}/{timer}
// rather than under /guilds/…/timers: same handlers, shorter paths.
export function timersEndpoints(): PluginEndpoint[] {
  const generic = `/timers/guilds/:guildId/timers`;
  return collectionEndpoints(timers, "timers", timers.collections.timers).map((item) => ({
    ...item,
    path: item.path.replace(generic, "/timers/:guildId"),
  }));
}
