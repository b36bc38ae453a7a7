import { feedRoute } from "@/lib/providers/rss/feed-routes";

// GET /api/plugins/podcasts/feed?url=
export const GET = feedRoute();
