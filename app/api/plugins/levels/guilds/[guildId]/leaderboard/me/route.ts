import { getDb } from "@/lib/db/client";
import { userRoute } from "@/lib/http/route";
import { memberStanding } from "@/lib/levels/standings";
import { guildIdParams } from "@/lib/platform/snowflake";

// GET /api/plugins/levels/guilds/{id}/leaderboard/me: the signed-in user's own standing in the
// guild (the public leaderboard's pinned row), null when they have no XP there. It names only
// the caller's own data, so any signed-in user may ask, manager or not, without a platform call:
// a stranger to the guild simply has no standing, and the answer says nothing about the guild.
export const GET = userRoute({ params: guildIdParams, budget: "reads" }, async ({ session, params }) => ({
  standing: await memberStanding(await getDb(), params.guildId, session.userId),
}));
