import "server-only";
import { and, asc, eq, or, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/lib/db/client";
import { pluginItems } from "@/lib/db/schema";
import { ApiError } from "@/lib/http/api-error";
import { lookupSource } from "@/lib/providers/routes";
import { guildIdParams } from "@/lib/platform/snowflake";
import { inputText, inputUuid } from "@/lib/validation/text";
import type { PluginEndpoint } from "../endpoint";
import { collectionEndpoints } from "../generic-endpoints";
import { TWITCH_LOGIN, twitch } from "./definition";

// Spec 7 addresses a guild's Twitch subscription as /plugins/twitch/guilds/{guild}/streamers/{streamer}:
// the streamer's login (any case) or, like every collection, the item's id. The generic item
// endpoints are kept whole (permission, references, audit row, page expiry); the login is only
// turned into the item's id first, so another guild's subscription stays out of reach.

const COLLECTION = "streamers";

const streamerParams = guildIdParams.extend({
  itemId: z.union([inputUuid(), inputText().regex(TWITCH_LOGIN)], { error: "must be a Twitch login or a subscription id" }),
});

/**
 * The id of this guild's subscription to `login`, or 404. Subscriptions store the streamer's
 * Twitch user id (a login can be renamed), so the login is asked of Twitch first; the names an
 * item holds (its shown name, and the login older items stored) still find it when Twitch
 * cannot be asked.
 */
async function subscriptionId(db: Db, guildId: string, login: string): Promise<string> {
  const name = login.toLowerCase();
  const userId = await lookupSource("twitch", login).then(
    (source) => source.id,
    () => null,
  );
  const [row] = await db
    .select({ id: pluginItems.id })
    .from(pluginItems)
    .where(
      and(
        eq(pluginItems.guildId, guildId),
        eq(pluginItems.pluginId, twitch.id),
        eq(pluginItems.collection, COLLECTION),
        or(
          userId ? sql`${pluginItems.data}->>'source_id' = ${userId}` : undefined,
          sql`lower(${pluginItems.data}->>'source_id') = ${name}`,
          sql`lower(${pluginItems.data}->>'source_name') = ${name}`,
          sql`lower(${pluginItems.data}->>'login') = ${name}`,
        ),
      ),
    )
    .orderBy(asc(pluginItems.position))
    .limit(1);
  if (!row) throw new ApiError(404, "item_not_found", `This server has no alert for the Twitch streamer ${login}.`);
  return row.id;
}

const isUuid = (value: string) => inputUuid().safeParse(value).success;

export function twitchEndpoints(): PluginEndpoint[] {
  return collectionEndpoints(twitch, COLLECTION, twitch.collections.streamers).map((endpoint) => {
    if (!endpoint.path.endsWith("/:itemId")) return endpoint;
    return {
      ...endpoint,
      params: streamerParams,
      handler: async (context) => {
        const { guildId, itemId } = context.params as { guildId: string; itemId: string };
        const id = isUuid(itemId) ? itemId : await subscriptionId(context.db, guildId, itemId);
        return endpoint.handler({ ...context, params: { guildId, itemId: id } });
      },
    };
  });
}
