import { providerSearchRoute } from "@/lib/providers/routes";

// GET /api/plugins/twitch/search-streamers?q=: Twitch channels matching q (Helix search/channels).
export const GET = providerSearchRoute("twitch");
