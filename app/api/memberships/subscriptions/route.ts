import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { apiLocale } from "@/lib/http/api-locale";
import { userRoute } from "@/lib/http/route";
import { startMembershipCheckout } from "@/lib/memberships/subscribe";
import { snowflake } from "@/lib/platform/snowflake";
import { inputUuid } from "@/lib/validation/text";

// POST /api/memberships/subscriptions {guild_id, plan_id}: the Stripe Checkout page where the
// signed-in member subscribes to a plan of that server (its own account). 403 when the caller
// is not a member of the server, 404 for a plan it does not sell, 409 when already a member.
const body = z.strictObject({ guild_id: snowflake, plan_id: inputUuid("must be a plan id") });

export const POST = userRoute({ body, budget: "checkouts" }, async ({ req, session, body }) =>
  startMembershipCheckout(await getDb(), { userId: session.userId, guildId: body.guild_id, planId: body.plan_id, locale: apiLocale(req) }),
);
