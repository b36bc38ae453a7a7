import { NextResponse } from "next/server";
import { z } from "zod";
import { paypalSubscribeUrl } from "@/lib/billing/paypal";
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

// GET /api/paypal/plans/{plan}/checkout?guild_id=&period=1|12: PayPal's subscription link for the
// plan, for a guild the caller manages. A browser navigation is redirected (303) to it; a fetch
// gets `{ url }`. 503 billing_unavailable when PayPal sells no such plan (PAYPAL_PLAN_IDS).
export const GET = userRoute({ params, query }, async ({ req, params, query, session }) => {
  const access = await requireGuildAccess(await getDb(), session, query.guild_id);
  const url = paypalSubscribeUrl(params.planId, query.period as 1 | 12, access.guildId, access.userId);
  if (!url) throw new ApiError(503, "billing_unavailable", issueTextFor(apiLocale(req))("billing_unavailable"), [fieldIssue("plan", "billing_unavailable")]);
  if (req.headers.get("sec-fetch-mode") === "navigate") return NextResponse.redirect(url, 303);
  return { url };
});
