import { portalFor, userPortalSubscription } from "@/lib/billing/manage";
import { getDb } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import { apiLocale } from "@/lib/http/api-locale";
import { userRoute } from "@/lib/http/route";
import { assertSelf, userIdParam } from "@/lib/users/current-user";

// GET /api/users/@me/billing/session: `{ url }` of the provider's portal for the signed-in user's own subscriptions.
export const GET = userRoute({ params: userIdParam }, async ({ req, session, params }) => {
  assertSelf(session, params.userId);
  return portalFor(await userPortalSubscription(await getDb(), session.userId), `${getEnv().APP_URL}/${apiLocale(req)}/dashboard`);
});
