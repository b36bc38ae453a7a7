import { z } from "zod";
import { revertEvent } from "@/lib/audit-log/revert";
import { guildRoute } from "@/lib/http/route";
import { guildIdParams } from "@/lib/platform/snowflake";

const params = guildIdParams.extend({ eventId: z.coerce.number().int().min(1) });

// POST /api/guilds/{id}/audit-log/{event}/revert: applies the event's old value (412 if changed since).
export const POST = guildRoute({ params }, async ({ db, access, params }) => {
  await revertEvent(db, access, params.eventId);
  return { reverted: params.eventId };
});
