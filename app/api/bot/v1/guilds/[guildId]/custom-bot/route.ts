import { botRoute } from "@/lib/bot-contract/route";
import { BOT_ROUTES } from "@/lib/bot-contract/routes";
import { handOutCustomBot } from "@/lib/custom-bot/handout";

// GET /api/bot/v1/guilds/{id}/custom-bot: the guild's custom bot and, to a key with the custom_bot_tokens scope, its token (audited).
export const GET = botRoute(BOT_ROUTES.customBot, async ({ db, params, bot }) => handOutCustomBot(db, params.guildId, bot));
