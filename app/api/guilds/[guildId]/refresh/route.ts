import { refreshGuild } from "@/lib/guilds/refresh";
import { guildRoute } from "@/lib/http/route";
import { guildIdParams } from "@/lib/platform/snowflake";


// POST /api/guilds/{id}/refresh: re-read channels and roles from the platform (once a minute at most).
export const POST = guildRoute({ params: guildIdParams }, async ({ access }) => refreshGuild(access.guildId));
