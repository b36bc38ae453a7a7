import { listPage, pageQuery, PLUGIN_ALERT_KINDS } from "@/lib/notifications/endpoints";
import { userRoute } from "@/lib/http/route";

// GET /api/plugin-alerts/ (spec 7): the user's notifications about what a plugin needs fixed (a
// social alert paused, a post failed, the custom bot blocked), paged like /api/notifications.
export const GET = userRoute({ query: pageQuery, budget: "reads" }, (ctx) => listPage(ctx, PLUGIN_ALERT_KINDS));
