import { customBotAnswer } from "@/lib/custom-bot/answer";
import { presenceSchema } from "@/lib/custom-bot/presence";
import { setPresence } from "@/lib/custom-bot/settings";
import { guildRoute } from "@/lib/http/route";
import { guildIdParams } from "@/lib/platform/snowflake";

// PUT /api/guilds/{id}/set-custom-bot-status { presence_status, presence_activity_type, presence_activity_name, presence_activity_url }: the status the bot shows.
export const PUT = guildRoute({ params: guildIdParams, body: presenceSchema }, async ({ req, db, access, body }) => customBotAnswer(db, access, req, await setPresence(db, access, body)));
