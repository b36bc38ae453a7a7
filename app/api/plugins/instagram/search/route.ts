import { providerSearchRoute } from "@/lib/providers/routes";

// GET /api/plugins/instagram/search?q=
export const GET = providerSearchRoute("instagram");
