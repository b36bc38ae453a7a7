import { providerLookupRoute } from "@/lib/providers/routes";

// GET /api/plugins/youtube/channel/{id}: one channel by id (UC…) or @handle; 404 source_not_found.
export const GET = providerLookupRoute("youtube");
