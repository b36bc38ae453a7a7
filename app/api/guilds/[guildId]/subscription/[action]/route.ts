import { SUBSCRIPTION_ACTIONS } from "@/lib/billing/actions";
import { runAction } from "@/lib/billing/manage";
import { apiLocale } from "@/lib/http/api-locale";
import { guildRoute } from "@/lib/http/route";
import { guildIdParams } from "@/lib/platform/snowflake";
import { z } from "zod";

const params = guildIdParams.extend({ action: z.enum(SUBSCRIPTION_ACTIONS) });

// POST /api/guilds/{id}/subscription/{cancel|pause|resume|reactivate|extend}: asks the provider, stores its answer
// (buffs recomputed, audited). Cancel ends at the period's end; the free month (extend) is given once per
// subscription (409 free_month_used after). Any manager of the guild may (lib/billing/manage.ts).
export const POST = guildRoute({ params }, async ({ req, db, access, params }) => runAction(db, access.guildId, params.action, access.userId, apiLocale(req)));
