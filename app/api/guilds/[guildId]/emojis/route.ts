import { guildRoute } from "@/lib/http/route";
import { getGuildEmojis } from "@/lib/platform/bot-api";
import { guildIdParams } from "@/lib/platform/snowflake";

// GET /api/guilds/{id}/emojis: the guild's custom emojis for the emoji picker, in the platform's order.
// From the shared platform cache, so opening many pickers costs the bot one call a minute per guild.
export const GET = guildRoute({ params: guildIdParams }, async ({ access }) => ({
  emojis: (await getGuildEmojis(access.guildId)).map(({ id, name, animated, available }) => ({ id, name, animated, available })),
}));
