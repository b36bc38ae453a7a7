import { z } from "zod";
import { userRoute } from "@/lib/http/route";
import { platformId } from "@/lib/platform/snowflake";
import { assertSelf, userIdParam } from "@/lib/users/current-user";
import { guildPreferences, updateGuildPreferences } from "@/lib/users/guild-preferences";
import { getDb } from "@/lib/db/client";

const body = z.strictObject({
  guilds: z.record(platformId("guild"), guildPreferences).refine((value) => Object.keys(value).length <= 200, "at most 200 guilds"),
});

// PATCH /api/users/@me/guilds/settings: the user's preferences for several guilds at once.
export const PATCH = userRoute({ params: userIdParam, body }, async ({ session, params, body }) => {
  assertSelf(session, params.userId);
  return updateGuildPreferences(await getDb(), session, body.guilds);
});
