import { z } from "zod";
import { listAuditEvents } from "@/lib/audit-log/list-events";
import { guildRoute } from "@/lib/http/route";

const params = z.object({ guildId: z.string().regex(/^\d{17,20}$/, "must be a guild id") });
const query = z.object({ limit: z.coerce.number().int().min(1).max(100).default(50), before: z.string().regex(/^\d{1,15}$/).optional() });

// GET /api/guilds/{id}/audit-log: changes newest first, paged with ?before=<event id>.
export const GET = guildRoute({ params, query }, async ({ access, query }) => listAuditEvents(access.guildId, query));
