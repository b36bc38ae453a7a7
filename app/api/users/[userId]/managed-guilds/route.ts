import { NextResponse } from "next/server";
import { runningPlans } from "@/lib/billing/checkout-guard";
import type { RunningPlan } from "@/lib/billing/checkout-rule";
import { getDb } from "@/lib/db/client";
import { listManagedGuilds, type GuildSummary } from "@/lib/guilds/user-guilds";
import { userRoute } from "@/lib/http/route";
import { assertSelf, userIdParam } from "@/lib/users/current-user";

// GET /api/users/@me/managed-guilds: guilds the user owns or holds ADMINISTRATOR / MANAGE_GUILD in, each
// with the plans it pays for now (`paid_plans`): the premium page's chooser offers no second purchase of one.
export const GET = userRoute({ params: userIdParam, budget: "guild-lists" }, async ({ session, params }) => {
  assertSelf(session, params.userId);
  const { guilds, stale } = await listManagedGuilds(session);
  const paid = await runningPlans(await getDb(), guilds.map((guild) => guild.id));
  const answer: Array<GuildSummary & { paid_plans: RunningPlan[] }> = guilds.map((guild) => ({ ...guild, paid_plans: paid.get(guild.id) ?? [] }));
  return NextResponse.json(answer, { headers: stale ? { Warning: '110 - "Response is Stale"' } : undefined });
});
