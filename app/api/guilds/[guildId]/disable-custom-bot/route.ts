import { customBotAnswer } from "@/lib/custom-bot/answer";
import { disableCustomBot } from "@/lib/custom-bot/switch";
import { guildRoute } from "@/lib/http/route";
import { guildIdParams } from "@/lib/platform/snowflake";

// POST /api/guilds/{id}/disable-custom-bot: turns the bot off (kept, with its settings, until a token turns it on again).
export const POST = guildRoute({ params: guildIdParams }, async ({ req, db, access }) => customBotAnswer(db, access, req, await disableCustomBot(db, access.guildId, access.userId)));
