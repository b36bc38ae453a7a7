import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { apiLocale } from "@/lib/http/api-locale";
import { userRoute } from "@/lib/http/route";
import { changeMembershipPlan } from "@/lib/memberships/subscribe";
import { inputUuid } from "@/lib/validation/text";

// PATCH /api/memberships/subscriptions/{id} {plan_id} (spec 3: "membership subscription update"):
// the signed-in member moves their own membership to another plan of the same server; anyone
// else's membership is a 404.
const params = z.strictObject({ membershipId: inputUuid("must be a membership id") });
const body = z.strictObject({ plan_id: inputUuid("must be a plan id") });

export const PATCH = userRoute({ params, body, budget: "checkouts" }, async ({ req, session, params, body }) =>
  changeMembershipPlan(await getDb(), { userId: session.userId, membershipId: params.membershipId, planId: body.plan_id, locale: apiLocale(req) }),
);
