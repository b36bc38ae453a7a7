import { feedRoute } from "@/lib/providers/rss/feed-routes";

// GET /api/plugins/rss/feed?url=
export const GET = feedRoute();
