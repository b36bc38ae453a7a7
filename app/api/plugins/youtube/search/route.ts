import { providerSearchRoute } from "@/lib/providers/routes";

// GET /api/plugins/youtube/search?q=: YouTube channels matching q, with subscribers.
export const GET = providerSearchRoute("youtube");
