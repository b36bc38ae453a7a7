import { readAll } from "@/lib/notifications/endpoints";
import { userRoute } from "@/lib/http/route";

// POST /api/notifications/read-all: every notification of the user read ("Mark all read").
export const POST = userRoute({ budget: "writes" }, readAll);
