import { userRoute } from "@/lib/http/route";
import { assertSelf, getCurrentUserEntity, userIdParam } from "@/lib/users/current-user";

// GET /api/users/@me: the signed-in user (spec 3 User).
export const GET = userRoute({ params: userIdParam }, async ({ session, params }) => {
  assertSelf(session, params.userId);
  return getCurrentUserEntity(session);
});
