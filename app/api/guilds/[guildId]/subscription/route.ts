import { guildSubscription, subscriptionView } from "@/lib/billing/manage";
import { guildRoute } from "@/lib/http/route";
import { guildIdParams } from "@/lib/platform/snowflake";

// GET /api/guilds/{id}/subscription: the guild's plan, status, renewal or end date, card, provider and allowed actions.
export const GET = guildRoute({ params: guildIdParams }, async ({ db, access }) => subscriptionView(await guildSubscription(db, access.guildId), access.userId));
