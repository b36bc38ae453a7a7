import "server-only";
import { advertisementBody, sendAdvertisement } from "@/lib/credits/advertisement";
import { ledgerQuery, readCredits } from "@/lib/credits/ledger";
import { guildIdParams } from "@/lib/platform/snowflake";
import { endpoint, type PluginEndpoint } from "../endpoint";
import { credits } from "./definition";

// The guild's credits (spec: GET /plugins/credits/guilds/{id}/credits, POST send_advertisement):
// the balance with a page of the ledger, and an advertisement paid for with credits.
export function creditsEndpoints(): PluginEndpoint[] {
  return [
    endpoint({
      method: "GET",
      path: "/credits/guilds/:guildId/credits",
      plugin: credits.id,
      params: guildIdParams,
      query: ledgerQuery,
      handler: ({ db, params, query }) => readCredits(db, params.guildId, query),
    }),
    endpoint({
      method: "POST",
      path: "/credits/guilds/:guildId/send_advertisement",
      plugin: credits.id,
      params: guildIdParams,
      body: advertisementBody,
      handler: ({ db, params, body, access }) => sendAdvertisement(db, params.guildId, access.userId, body),
    }),
  ];
}
