import { providerSearchRoute } from "@/lib/providers/routes";

// GET /api/plugins/twitter/search?q=
export const GET = providerSearchRoute("twitter");
