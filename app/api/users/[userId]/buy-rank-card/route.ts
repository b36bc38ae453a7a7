import { buyRankCard } from "@/lib/billing/rank-card-purchase";
import { userRoute } from "@/lib/http/route";
import { assertSelf, userIdParam } from "@/lib/users/current-user";

// POST /api/users/@me/buy-rank-card: the checkout's URL for the custom rank card, 409 already_owned
// when the user has it, 503 billing_unavailable when no payment provider is configured. A checkout
// start: it spends the "checkouts" budget like the plans' checkouts.
export const POST = userRoute({ params: userIdParam, budget: "checkouts" }, async ({ req, session, params }) => {
  assertSelf(session, params.userId);
  return buyRankCard(session.userId, req);
});
