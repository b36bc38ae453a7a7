import { NextResponse } from "next/server";
import { userRoute } from "@/lib/http/route";
import { assertSelf, getCurrentUserAccount, userIdParam } from "@/lib/users/current-user";

// GET /api/users/@me: the signed-in user (spec 3 User) with the ids of the guilds they manage,
// and of those the premium and the web3 ones (spec 6); `Warning: 110` when the platform's guild
// list was an older copy (as /managed-guilds).
export const GET = userRoute({ params: userIdParam }, async ({ session, params }) => {
  assertSelf(session, params.userId);
  const { account, stale } = await getCurrentUserAccount(session);
  return NextResponse.json(account, { headers: stale ? { Warning: '110 - "Response is Stale"' } : undefined });
});
