import { providerSearchRoute } from "@/lib/providers/routes";

// GET /api/plugins/tiktok/search?q=
export const GET = providerSearchRoute("tiktok");
