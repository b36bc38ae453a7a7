import { z } from "zod";
import { inputText } from "@/lib/validation/text";
import { auditFiltersQuery } from "@/lib/audit-log/filters";
import { listAuditEvents } from "@/lib/audit-log/list-events";
import { guildRoute } from "@/lib/http/route";
import { guildIdParams } from "@/lib/platform/snowflake";

const query = z.intersection(auditFiltersQuery, z.object({ limit: z.coerce.number().int().min(1).max(100).default(50), before: inputText().regex(/^\d{1,15}$/).optional() }));

// GET /api/guilds/{id}/audit-log: changes newest first, paged with ?before=<event id>, narrowed
// with ?plugin=<plugin id>, ?user=<who made the change>, ?from= and ?to= (days, the guild's zone).
export const GET = guildRoute({ params: guildIdParams, query }, async ({ access, query }) => listAuditEvents(access.guildId, query));
