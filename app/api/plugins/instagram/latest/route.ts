import { providerLatestRoute } from "@/lib/providers/routes";

// GET /api/plugins/instagram/latest?id=
export const GET = providerLatestRoute("instagram");
