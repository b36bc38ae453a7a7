import { getStreamersRoute } from "@/lib/providers/twitch/get-streamers";

// GET /api/plugins/twitch/get-streamers?logins=a,b: up to 100 streamers by login or id, each with `exists`.
export const GET = getStreamersRoute();
