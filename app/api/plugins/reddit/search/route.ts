import { providerSearchRoute } from "@/lib/providers/routes";

// GET /api/plugins/reddit/search?q=
export const GET = providerSearchRoute("reddit");
