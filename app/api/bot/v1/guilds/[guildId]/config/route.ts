import { readGuildConfig } from "@/lib/bot-contract/guild-config";
import { botRoute } from "@/lib/bot-contract/route";
import { BOT_ROUTES } from "@/lib/bot-contract/routes";
import { ApiError } from "@/lib/http/api-error";
import { isBotInGuild } from "@/lib/guilds/bot-presence";

// GET /api/bot/v1/guilds/{id}/config: the guild's whole configuration and the feed version it was read at.
export const GET = botRoute(BOT_ROUTES.guildConfig, async ({ db, params }) => {
  if (!(await isBotInGuild(params.guildId))) throw new ApiError(404, "guild_not_found", "The bot is not in this guild.");
  return readGuildConfig(db, params.guildId);
});
