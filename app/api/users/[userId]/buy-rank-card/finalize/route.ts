import { z } from "zod";
import { settleRankCard } from "@/lib/billing/rank-card-purchase";
import { apiLocale } from "@/lib/http/api-locale";
import { userRoute } from "@/lib/http/route";
import { assertSelf, userIdParam } from "@/lib/users/current-user";
import { inputText } from "@/lib/validation/text";

// POST /api/users/@me/buy-rank-card/finalize {checkout}: the buyer is back from the provider with
// its checkout's reference (Stripe's session id). The checkout is read from the provider and must
// be this user's; a paid one is recorded once. Answers `{ status: paid|pending|failed, owned }`.
const body = z.strictObject({ checkout: inputText().regex(/^[A-Za-z0-9_-]{1,255}$/) });

export const POST = userRoute({ params: userIdParam, body, budget: "writes" }, async ({ req, session, params, body }) => {
  assertSelf(session, params.userId);
  return settleRankCard(session.userId, body.checkout, apiLocale(req));
});
