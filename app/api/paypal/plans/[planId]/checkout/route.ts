import { NextResponse } from "next/server";
import { z } from "zod";
import { createPaypalCheckout, paypalPlanId } from "@/lib/billing/paypal/checkout";
import { assertCanStartCheckout } from "@/lib/billing/checkout-guard";
import { PLANS } from "@/lib/billing/plans";
import { billingRefusal } from "@/lib/billing/refusal";
import { getDb } from "@/lib/db/client";
import { requireGuildAccess } from "@/lib/guilds/access";
import { apiLocale } from "@/lib/http/api-locale";
import { userRoute } from "@/lib/http/route";
import { platformId } from "@/lib/platform/snowflake";

const params = z.object({ planId: z.enum(PLANS) });
const query = z.object({ guild_id: platformId("guild"), period: z.enum(["1", "12"]).default("1").transform(Number) });

// GET /api/paypal/plans/{plan}/checkout?guild_id=&period=1|12: a PayPal subscription for the guild
// (the caller must manage it), created through PayPal's API; its approval page is where the buyer
// goes. A browser navigation is redirected (303) there; a fetch gets `{ url }`. 503
// billing_unavailable when PayPal sells no such plan (PAYPAL_PLAN_IDS) or is not configured; 404
// offer_not_sold for a plan Guildhall does not sell, 409 already_subscribed when the guild already
// pays for the plan (lib/billing/checkout-guard.ts).
export const GET = userRoute({ params, query, budget: "checkouts" }, async ({ req, params, query, session }) => {
  const db = await getDb();
  const access = await requireGuildAccess(db, session, query.guild_id);
  const periodMonths = query.period as 1 | 12;
  const locale = apiLocale(req);
  await assertCanStartCheckout(db, { guildId: access.guildId, plan: params.planId, provider: "paypal", locale });
  if (!paypalPlanId(params.planId, periodMonths)) throw billingRefusal(503, "plan", "billing_unavailable", locale);
  const checkout = await createPaypalCheckout({ userId: access.userId, guildId: access.guildId, plan: params.planId, periodMonths, locale });
  if (req.headers.get("sec-fetch-mode") === "navigate") return NextResponse.redirect(checkout.url, 303);
  return { url: checkout.url };
});
