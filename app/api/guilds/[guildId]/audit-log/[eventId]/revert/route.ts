import { z } from "zod";
import { inputText } from "@/lib/validation/text";
import { revertEvent } from "@/lib/audit/revert";
import { guildRoute } from "@/lib/http/route";

const params = z.object({ guildId: inputText().regex(/^\d{17,20}$/, "must be a guild id"), eventId: z.coerce.number().int().min(1) });

// POST /api/guilds/{id}/audit-log/{event}/revert: applies the event's old value (412 if changed since).
export const POST = guildRoute({ params }, async ({ db, access, params }) => {
  await revertEvent(db, access, params.eventId);
  return { reverted: params.eventId };
});
