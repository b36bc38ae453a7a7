import { providerLatestRoute } from "@/lib/providers/routes";

// GET /api/plugins/twitch/latest?id=: the streamer and their live stream (or current title), for the alert preview.
export const GET = providerLatestRoute("twitch");
