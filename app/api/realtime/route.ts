import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { apiLocale } from "@/lib/http/api-locale";
import { userRoute } from "@/lib/http/route";
import { LOCALES } from "@/lib/i18n/locales";
import { openRealtimeStream } from "@/lib/realtime/stream";

// An EventSource sends no headers of its own: the page's language comes in the query.
const query = z.object({ locale: z.enum(LOCALES).optional() }).strict();

// GET /api/realtime?locale: the tab's realtime channel (Server-Sent Events, spec 4 opcodes; lib/realtime/stream.ts).
export const GET = userRoute({ query, budget: "realtime" }, async ({ req, session, query }) => openRealtimeStream(await getDb(), session, query.locale ?? apiLocale(req), req.signal));
