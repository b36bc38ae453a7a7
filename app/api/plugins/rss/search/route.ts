import { feedSearchRoute } from "@/lib/providers/rss/feed-routes";

// GET /api/plugins/rss/search?q=
export const GET = feedSearchRoute("rss");
