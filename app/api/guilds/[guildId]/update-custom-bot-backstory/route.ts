import { customBotAnswer } from "@/lib/custom-bot/answer";
import { backstorySchema } from "@/lib/custom-bot/presence";
import { setBackstory } from "@/lib/custom-bot/settings";
import { guildRoute } from "@/lib/http/route";
import { guildIdParams } from "@/lib/platform/snowflake";

// POST /api/guilds/{id}/update-custom-bot-backstory { enable, allowed_channels }: the same write as PUT /backstory, answered with the whole custom bot.
export const POST = guildRoute({ params: guildIdParams, body: backstorySchema }, async ({ req, db, access, body }) => customBotAnswer(db, access, req, await setBackstory(db, access, body)));
