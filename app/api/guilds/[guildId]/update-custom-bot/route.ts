import { customBotAnswer, tokenBody } from "@/lib/custom-bot/answer";
import { updateCustomBotToken } from "@/lib/custom-bot/set-up";
import { guildRoute } from "@/lib/http/route";
import { guildIdParams } from "@/lib/platform/snowflake";

// POST /api/guilds/{id}/update-custom-bot { bot_token }: a new token of the same application (after a reset or a block); turns the bot back on.
export const POST = guildRoute({ params: guildIdParams, body: tokenBody }, async ({ req, db, access, body }) => customBotAnswer(db, access, req, await updateCustomBotToken(db, access, body.bot_token)));
