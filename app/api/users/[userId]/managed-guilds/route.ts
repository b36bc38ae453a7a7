import { NextResponse } from "next/server";
import { listManagedGuilds } from "@/lib/guilds/user-guilds";
import { userRoute } from "@/lib/http/route";
import { assertSelf, userIdParam } from "@/lib/users/current-user";

// GET /api/users/@me/managed-guilds: guilds the user owns or holds ADMINISTRATOR / MANAGE_GUILD in.
export const GET = userRoute({ params: userIdParam, budget: "guild-lists" }, async ({ session, params }) => {
  assertSelf(session, params.userId);
  const { guilds, stale } = await listManagedGuilds(session);
  return NextResponse.json(guilds, { headers: stale ? { Warning: '110 - "Response is Stale"' } : undefined });
});
