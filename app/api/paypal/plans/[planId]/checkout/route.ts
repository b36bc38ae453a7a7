import { NextResponse } from "next/server";
import { z } from "zod";
import { createPaypalCheckout, paypalPlanId } from "@/lib/billing/paypal/checkout";
import { PLANS } from "@/lib/billing/plans";
import { getDb } from "@/lib/db/client";
import { requireGuildAccess } from "@/lib/guilds/access";
import { ApiError } from "@/lib/http/api-error";
import { apiLocale } from "@/lib/http/api-locale";
import { userRoute } from "@/lib/http/route";
import { platformId } from "@/lib/platform/snowflake";
import { fieldIssue, issueTextFor } from "@/lib/validation/server-messages";

const params = z.object({ planId: z.enum(PLANS) });
const query = z.object({ guild_id: platformId("guild"), period: z.enum(["1", "12"]).default("1").transform(Number) });

// GET /api/paypal/plans/{plan}/checkout?guild_id=&period=1|12: a PayPal subscription for the guild
// (the caller must manage it), created through PayPal's API; its approval page is where the buyer
// goes. A browser navigation is redirected (303) there; a fetch gets `{ url }`. 503
// billing_unavailable when PayPal sells no such plan (PAYPAL_PLAN_IDS) or is not configured.
export const GET = userRoute({ params, query }, async ({ req, params, query, session }) => {
  const access = await requireGuildAccess(await getDb(), session, query.guild_id);
  const periodMonths = query.period as 1 | 12;
  const locale = apiLocale(req);
  if (!paypalPlanId(params.planId, periodMonths)) throw new ApiError(503, "billing_unavailable", issueTextFor(locale)("billing_unavailable"), [fieldIssue("plan", "billing_unavailable")]);
  const checkout = await createPaypalCheckout({ userId: access.userId, guildId: access.guildId, plan: params.planId, periodMonths, locale });
  if (req.headers.get("sec-fetch-mode") === "navigate") return NextResponse.redirect(checkout.url, 303);
  return { url: checkout.url };
});
