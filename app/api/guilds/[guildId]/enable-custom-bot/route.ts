import { customBotAnswer, tokenBody } from "@/lib/custom-bot/answer";
import { enableCustomBot } from "@/lib/custom-bot/set-up";
import { guildRoute } from "@/lib/http/route";
import { guildIdParams } from "@/lib/platform/snowflake";

// POST /api/guilds/{id}/enable-custom-bot { bot_token }: checks the token with the platform, stores it sealed, turns the bot on.
export const POST = guildRoute({ params: guildIdParams, body: tokenBody }, async ({ req, db, access, body }) => customBotAnswer(db, access, req, await enableCustomBot(db, access, body.bot_token)));
