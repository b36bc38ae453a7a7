import { feedSearchRoute } from "@/lib/providers/rss/feed-routes";

// GET /api/plugins/podcasts/search?q=
export const GET = feedSearchRoute("podcasts");
