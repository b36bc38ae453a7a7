import { customBotAnswer } from "@/lib/custom-bot/answer";
import { guildRoute } from "@/lib/http/route";
import { guildIdParams } from "@/lib/platform/snowflake";

// GET /api/guilds/{id}/custom-bot: the server's custom bot (id, name, avatar, status, presence, backstory, last error; never its token) and whether its subscription includes one.
export const GET = guildRoute({ params: guildIdParams }, async ({ req, db, access }) => customBotAnswer(db, access, req));
