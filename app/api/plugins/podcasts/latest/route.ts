import { feedLatestRoute } from "@/lib/providers/rss/feed-routes";

// GET /api/plugins/podcasts/latest?id=
export const GET = feedLatestRoute("podcasts");
