import "server-only";
import { confirmBotInGuild, getBotGuildIds } from "@/lib/platform/bot-api";

/**
 * Whether the bot is in the guild. The cached bot guild list answers the common
 * case; a guild missing from it is asked of the platform directly, so a bot added
 * a moment ago shows up at once (the bot-add return's guild_id is only a hint).
 */
export async function isBotInGuild(guildId: string): Promise<boolean> {
  const known = await getBotGuildIds();
  if (known.has(guildId)) return true;
  return confirmBotInGuild(guildId);
}
