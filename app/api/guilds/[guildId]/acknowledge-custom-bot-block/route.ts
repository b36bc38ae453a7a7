import { customBotAnswer } from "@/lib/custom-bot/answer";
import { acknowledgeBlock } from "@/lib/custom-bot/switch";
import { guildRoute } from "@/lib/http/route";
import { guildIdParams } from "@/lib/platform/snowflake";

// PATCH /api/guilds/{id}/acknowledge-custom-bot-block: the owner saw that the platform refused the token; the bot stays off until a new one.
export const PATCH = guildRoute({ params: guildIdParams }, async ({ req, db, access }) => customBotAnswer(db, access, req, await acknowledgeBlock(db, access.guildId, access.userId)));
