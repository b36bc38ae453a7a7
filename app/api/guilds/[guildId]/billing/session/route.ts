import { guildSubscription, portalFor } from "@/lib/billing/manage";
import { getEnv } from "@/lib/env";
import { apiLocale } from "@/lib/http/api-locale";
import { guildRoute } from "@/lib/http/route";
import { guildIdParams } from "@/lib/platform/snowflake";

// GET /api/guilds/{id}/billing/session: `{ url }` of the provider's portal for the guild's subscription (cards, invoices).
export const GET = guildRoute({ params: guildIdParams }, async ({ req, db, access }) =>
  portalFor(await guildSubscription(db, access.guildId), `${getEnv().APP_URL}/${apiLocale(req)}/dashboard/${access.guildId}`),
);
