import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { staffRoute } from "@/lib/http/route";
import { platformId } from "@/lib/platform/snowflake";
import { lookUpGuild } from "@/lib/staff/lookup";

// GET /api/staff/guilds/{id}: a guild as staff see it (subscriptions, plugins, credits, recent
// jobs), read-only. Anyone but staff: 404.
export const GET = staffRoute({ params: z.object({ id: platformId("guild") }) }, async ({ params }) => lookUpGuild(await getDb(), params.id));
