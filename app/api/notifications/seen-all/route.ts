import { seeAll } from "@/lib/notifications/endpoints";
import { userRoute } from "@/lib/http/route";

// POST /api/notifications/seen-all: the list was opened; the bell's count of new ones goes to 0.
export const POST = userRoute({ budget: "writes" }, seeAll);
