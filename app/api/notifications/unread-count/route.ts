import { counts } from "@/lib/notifications/endpoints";
import { userRoute } from "@/lib/http/route";

// GET /api/notifications/unread-count: { unread, unseen } (unseen: arrived since the list was last opened).
export const GET = userRoute({ budget: "reads" }, counts);
