import { providerLatestRoute } from "@/lib/providers/routes";

// GET /api/plugins/reddit/latest?id=
export const GET = providerLatestRoute("reddit");
