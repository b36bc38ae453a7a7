import { providerSearchRoute } from "@/lib/providers/routes";

// GET /api/plugins/kick/search?q=: the Kick channel whose slug is q (Kick has no search endpoint).
export const GET = providerSearchRoute("kick");
