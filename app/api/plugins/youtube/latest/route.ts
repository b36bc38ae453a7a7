import { providerLatestRoute } from "@/lib/providers/routes";

// GET /api/plugins/youtube/latest?id=: the channel and its newest upload, for the alert preview.
export const GET = providerLatestRoute("youtube");
