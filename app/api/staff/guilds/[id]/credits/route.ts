import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { expireGuildPages } from "@/lib/guilds/page-cache";
import { AUDIT_LOG_AREA } from "@/lib/guilds/page-cache-tag";
import { staffRoute } from "@/lib/http/route";
import { platformId } from "@/lib/platform/snowflake";
import { credits } from "@/lib/plugins/credits/definition";
import { grantBody, grantCredits } from "@/lib/staff/grant";

// POST /api/staff/guilds/{id}/credits: staff give a guild credits, with a reason, audited in the
// guild's log as a staff action. Anyone but staff: 404.
export const POST = staffRoute({ params: z.object({ id: platformId("guild") }), body: grantBody }, async ({ params, body, session }) => {
  const result = await grantCredits(await getDb(), params.id, session.userId, body);
  // The guild's Credits page and audit log show the grant.
  expireGuildPages(params.id, [credits.id, AUDIT_LOG_AREA]);
  return result;
});
