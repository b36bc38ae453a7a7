import { rankCardOwnership } from "@/lib/billing/rank-card-purchase";
import { userRoute } from "@/lib/http/route";
import { assertSelf, userIdParam } from "@/lib/users/current-user";

// GET /api/users/@me/rank-card: `{ owned }`, whether the signed-in user bought the custom rank
// card. Read by the card's editor and dialog, which are the same for every viewer of a page.
export const GET = userRoute({ params: userIdParam }, async ({ session, params }) => {
  assertSelf(session, params.userId);
  return rankCardOwnership(session.userId);
});
