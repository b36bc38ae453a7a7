import { feedLatestRoute } from "@/lib/providers/rss/feed-routes";

// GET /api/plugins/rss/latest?id=
export const GET = feedLatestRoute("rss");
