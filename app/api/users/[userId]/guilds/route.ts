import { NextResponse } from "next/server";
import { listUserGuilds } from "@/lib/guilds/user-guilds";
import { userRoute } from "@/lib/http/route";
import { assertSelf, userIdParam } from "@/lib/users/current-user";

// GET /api/users/@me/guilds: every guild of the user, each marked managed and bot_present.
export const GET = userRoute({ params: userIdParam, budget: "guild-lists" }, async ({ session, params }) => {
  assertSelf(session, params.userId);
  const { guilds, stale } = await listUserGuilds(session);
  return NextResponse.json(guilds, { headers: stale ? { Warning: '110 - "Response is Stale"' } : undefined });
});
