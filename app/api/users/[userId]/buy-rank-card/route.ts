import { z } from "zod";
import { buyRankCard } from "@/lib/billing/rank-card-purchase";
import { returnPath } from "@/lib/billing/return-path";
import { apiLocale } from "@/lib/http/api-locale";
import { userRoute } from "@/lib/http/route";
import { assertSelf, userIdParam } from "@/lib/users/current-user";

// POST /api/users/@me/buy-rank-card {return_path}: the checkout's URL for the custom rank card,
// coming back to `return_path` (one of our pages) with the card's dialog open; 409 already_owned
// when the user has it, 503 billing_unavailable when no payment provider is configured. A
// checkout start: it spends the "checkouts" budget like the plans' checkouts.
const body = z.strictObject({ return_path: returnPath });

export const POST = userRoute({ params: userIdParam, body, budget: "checkouts" }, async ({ req, session, params, body }) => {
  assertSelf(session, params.userId);
  return buyRankCard(session.userId, body.return_path, apiLocale(req));
});
