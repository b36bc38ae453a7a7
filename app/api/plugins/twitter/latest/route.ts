import { providerLatestRoute } from "@/lib/providers/routes";

// GET /api/plugins/twitter/latest?id=
export const GET = providerLatestRoute("twitter");
