import "server-only";
import { endpoint, type PluginEndpoint } from "@/lib/plugins/endpoint";
import { guildIdParams } from "@/lib/platform/snowflake";
import { LOGGED_PLUGINS, readDeliveryLog } from "./log";

/** GET /api/plugins/{plugin}/guilds/{guildId}/deliveries: the delivery log the plugin page shows and refreshes. */
export function deliveryLogEndpoints(): PluginEndpoint[] {
  return LOGGED_PLUGINS.map((pluginId) =>
    endpoint({
      method: "GET",
      path: `/${pluginId}/guilds/:guildId/deliveries`,
      plugin: pluginId,
      params: guildIdParams,
      handler: ({ db, params }) => readDeliveryLog(db, params.guildId, pluginId),
    }),
  );
}
