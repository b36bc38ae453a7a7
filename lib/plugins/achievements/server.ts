import "server-only";
import { NextResponse } from "next/server";
import { z } from "zod";
import { guildIdParams } from "@/lib/platform/snowflake";
import { endpoint, type PluginEndpoint } from "../endpoint";
import { checkedItem } from "../generic-endpoints";
import { collectionLimit, PRO_LIMITS_FACTOR } from "../collection-limit";
import { createItems, itemResponse, queryItems } from "../items";
import { achievements } from "./definition";

const trophies = achievements.collections.trophies;
const scope = (guildId: string) => ({ guildId, pluginId: achievements.id, collection: "trophies" });

// Trophies can be created in a batch (all or none, within the guild's limit) and report their limits.
export function achievementsEndpoints(): PluginEndpoint[] {
  return [
    endpoint({
      method: "POST",
      path: "/achievements/guilds/:guildId/trophies/batch-create",
      plugin: achievements.id,
      params: guildIdParams,
      body: z.strictObject({ trophies: z.array(trophies.itemSchema).min(1).max(trophies.limits.premium * PRO_LIMITS_FACTOR) }),
      handler: async ({ db, params, body, access }) => {
        const batch = [];
        for (const trophy of body.trophies) batch.push(await checkedItem(db, { plugin: achievements, collection: "trophies" }, trophy as Record<string, unknown>, params.guildId, access.premium));
        const created = await createItems(db, scope(params.guildId), trophies, { userId: access.userId, buffs: access.buffs }, batch);
        return NextResponse.json({ items: created.map(itemResponse) }, { status: 201 });
      },
    }),
    endpoint({
      method: "GET",
      path: "/achievements/guilds/:guildId/trophies/limits",
      plugin: achievements.id,
      params: guildIdParams,
      handler: async ({ db, params, access }) => {
        const { total } = await queryItems(db, scope(params.guildId), { limit: 1, offset: 0 });
        return { used: total, max: collectionLimit(trophies, access.buffs), free: trophies.limits.free, premium: trophies.limits.premium };
      },
    }),
  ];
}
