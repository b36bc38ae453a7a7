import { getDb } from "@/lib/db/client";
import { apiLocale } from "@/lib/http/api-locale";
import { userRoute } from "@/lib/http/route";
import { openRealtimeStream } from "@/lib/realtime/stream";

// GET /api/realtime: the tab's realtime channel (Server-Sent Events, spec 4 opcodes; lib/realtime/stream.ts).
export const GET = userRoute({ budget: "realtime" }, async ({ req, session }) => openRealtimeStream(await getDb(), session, apiLocale(req), req.signal));
