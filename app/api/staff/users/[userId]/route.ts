import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { staffRoute } from "@/lib/http/route";
import { platformId } from "@/lib/platform/snowflake";
import { lookUpUser } from "@/lib/staff/lookup";

// GET /api/staff/users/{id}: a user as staff see them (their account and the subscriptions they
// bought), read-only. Anyone but staff: 404.
export const GET = staffRoute({ params: z.object({ userId: platformId("user") }) }, async ({ params }) => lookUpUser(await getDb(), params.userId));
