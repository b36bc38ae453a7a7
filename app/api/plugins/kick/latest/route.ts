import { providerLatestRoute } from "@/lib/providers/routes";

// GET /api/plugins/kick/latest?id=: the channel and its live stream (or current title), for the alert preview.
export const GET = providerLatestRoute("kick");
