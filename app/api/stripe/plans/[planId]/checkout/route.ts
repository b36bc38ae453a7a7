import { NextResponse } from "next/server";
import { z } from "zod";
import { assertCanStartCheckout } from "@/lib/billing/checkout-guard";
import { PLANS } from "@/lib/billing/plans";
import { stripeConfigured } from "@/lib/billing/stripe/client";
import { createCheckout } from "@/lib/billing/stripe/checkout";
import { getDb } from "@/lib/db/client";
import { requireGuildAccess } from "@/lib/guilds/access";
import { ApiError } from "@/lib/http/api-error";
import { apiLocale } from "@/lib/http/api-locale";
import { userRoute } from "@/lib/http/route";
import { platformId } from "@/lib/platform/snowflake";

const params = z.object({ planId: z.enum(PLANS) });
const query = z.object({ guild_id: platformId("guild"), period: z.enum(["1", "12"]).default("1").transform(Number) });

// GET /api/stripe/plans/{plan}/checkout?guild_id=&period=1|12: a Stripe Checkout session for the guild
// (the caller must manage it). A browser navigation (a plain link) is redirected (303) to the checkout
// page; a fetch gets `{ url }`. Back on success: /{locale}/dashboard/{guild}?premium=welcome. A guild
// already paying for the plan is refused (409 already_subscribed, lib/billing/checkout-guard.ts).
export const GET = userRoute({ params, query, budget: "checkouts" }, async ({ req, params, query, session }) => {
  if (!stripeConfigured()) throw new ApiError(404, "billing_not_configured", "Card payments are not configured.");
  const db = await getDb();
  const access = await requireGuildAccess(db, session, query.guild_id);
  const locale = apiLocale(req);
  await assertCanStartCheckout(db, { guildId: access.guildId, plan: params.planId, provider: "stripe", locale });
  const checkout = await createCheckout({ db, userId: access.userId, guildId: access.guildId, plan: params.planId, periodMonths: query.period as 1 | 12, locale });
  if (req.headers.get("sec-fetch-mode") === "navigate") return NextResponse.redirect(checkout.url, 303);
  return { url: checkout.url };
});
