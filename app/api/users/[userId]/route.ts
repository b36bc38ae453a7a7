import { NextResponse } from "next/server";
import { GuildError } from "@/lib/guilds/errors";
import { assertBudget, payerOf } from "@/lib/http/budgets";
import { userRoute } from "@/lib/http/route";
import { getCurrentUserAccount, userIdParam } from "@/lib/users/current-user";
import { sharedUserProfile } from "@/lib/users/shared-user";

// GET /api/users/@me (or one's own id): the signed-in user (spec 3 User) with the ids of the
// guilds they manage, and of those the premium and the web3 ones (spec 6); `Warning: 110` when
// the platform's guild list was an older copy (as /managed-guilds).
// GET /api/users/{id} of someone else: their public profile, when they are a member of a server
// the signed-in user manages (lib/users/shared-user.ts); 404 otherwise, whether or not they exist.
export const GET = userRoute({ params: userIdParam }, async ({ req, session, params }) => {
  if (params.userId === "@me" || params.userId === session.userId) {
    const { account, stale } = await getCurrentUserAccount(session);
    return NextResponse.json(account, { headers: stale ? { Warning: '110 - "Response is Stale"' } : undefined });
  }
  // Up to 25 member reads on the platform: the member search's budget.
  await assertBudget(payerOf(session.userId, req.headers), "member-search");
  const profile = await sharedUserProfile(session, params.userId);
  if (!profile) throw new GuildError("shared_user_not_found");
  return profile;
});
