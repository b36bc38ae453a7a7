import "server-only";
import { advertisementBody, sendAdvertisement } from "@/lib/credits/advertisement";
import { ledgerQuery, readCredits } from "@/lib/credits/ledger";
import { creditPackRequest } from "@/lib/credits/purchase";
import { oneOffCheckout } from "@/lib/billing/checkout";
import { billingRefusal } from "@/lib/billing/refusal";
import { apiLocale } from "@/lib/http/api-locale";
import { guildIdParams } from "@/lib/platform/snowflake";
import { endpoint, type PluginEndpoint } from "../endpoint";
import { credits } from "./definition";

// The guild's credits (spec: GET /plugins/credits/guilds/{id}/credits, POST send_advertisement):
// the balance with a page of the ledger, an advertisement paid for with credits, and a pack of
// credits bought through the card provider's checkout (credited by its webhook: lib/credits/purchase.ts).
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
    endpoint({
      method: "POST",
      path: "/credits/guilds/:guildId/buy",
      plugin: credits.id,
      params: guildIdParams,
      // A checkout start calls the payment provider: the checkouts budget, as the plans' checkouts.
      budget: "checkouts",
      // Nothing the pages show changes until the payment is recorded.
      keepsPages: true,
      handler: async ({ req, params, access }) => {
        const checkout = oneOffCheckout();
        if (!checkout) throw billingRefusal(503, "product", "billing_unavailable", apiLocale(req));
        return { url: await checkout.start(creditPackRequest(params.guildId, access.userId, apiLocale(req))) };
      },
    }),
  ];
}
