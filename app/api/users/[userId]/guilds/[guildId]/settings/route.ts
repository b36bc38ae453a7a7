import { getDb } from "@/lib/db/client";
import { userRoute } from "@/lib/http/route";
import { guildIdParams } from "@/lib/platform/snowflake";
import { assertSelf, userIdParam } from "@/lib/users/current-user";
import { guildPreferences, updateGuildPreferences } from "@/lib/users/guild-preferences";

const params = userIdParam.extend(guildIdParams.shape);

// PATCH /api/users/@me/guilds/{id}/settings: the user's preferences for one guild.
export const PATCH = userRoute({ params, body: guildPreferences }, async ({ session, params, body }) => {
  assertSelf(session, params.userId);
  const result = await updateGuildPreferences(await getDb(), session, { [params.guildId]: body });
  return result[params.guildId] ?? {};
});
