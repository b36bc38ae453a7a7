import { getDb } from "@/lib/db/client";
import { userRoute } from "@/lib/http/route";
import { readOnboarding, saveOnboarding, typeformInput } from "@/lib/onboarding/typeform";
import { assertSelf, userIdParam } from "@/lib/users/current-user";

// GET /api/users/@me/onboarding-typeform: the signed-in user's first-login answers and whether the
// getting-started steps are done. POST {answers?, done?} saves either.
export const GET = userRoute({ params: userIdParam }, async ({ session, params }) => {
  assertSelf(session, params.userId);
  return readOnboarding(await getDb(), session.userId);
});

export const POST = userRoute({ params: userIdParam, body: typeformInput }, async ({ session, params, body }) => {
  assertSelf(session, params.userId);
  return saveOnboarding(await getDb(), session.userId, body);
});
