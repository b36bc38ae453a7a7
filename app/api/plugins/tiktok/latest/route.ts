import { providerLatestRoute } from "@/lib/providers/routes";

// GET /api/plugins/tiktok/latest?id=
export const GET = providerLatestRoute("tiktok");
