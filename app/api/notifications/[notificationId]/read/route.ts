import { notificationIdParams, readOne } from "@/lib/notifications/endpoints";
import { userRoute } from "@/lib/http/route";

// POST /api/notifications/{id}/read: one of the user's own notifications read (404 for any other).
export const POST = userRoute({ params: notificationIdParams, budget: "writes" }, readOne);
