import { listPage, pageQuery } from "@/lib/notifications/endpoints";
import { userRoute } from "@/lib/http/route";

// GET /api/notifications?limit&before: the signed-in user's notifications, newest first, each with
// its sentence in the caller's language, the next page's `before` (null on the last) and the counts.
export const GET = userRoute({ query: pageQuery, budget: "reads" }, (ctx) => listPage(ctx));
