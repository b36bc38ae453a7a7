import "server-only";
import { confirmBotInGuild, getBotGuildIds } from "@/lib/platform/bot-api";
import { cached, invalidate } from "@/lib/platform/cache";

/** A guild missing from the bot's list is asked of the platform at most this often. */
const PRESENCE_POLICY = { ttlMs: 30_000, staleMs: 30_000 };

// Outside the `guild:{id}:` prefix: confirming an absence drops that prefix, and must not drop this answer.
const presenceKey = (guildId: string) => `bot-presence:${guildId}`;

/**
 * Whether the bot is in the guild. The cached bot guild list answers the common case; a
 * guild missing from it is asked of the platform directly, and that answer is kept for a
 * short while, so reloading the "add the bot" page of an unknown id does not cost a
 * platform call each time (the bot-add return page forgets it, see forgetBotPresence).
 */
export async function isBotInGuild(guildId: string): Promise<boolean> {
  const known = await getBotGuildIds();
  if (known.has(guildId)) return true;
  return cached(presenceKey(guildId), PRESENCE_POLICY, () => confirmBotInGuild(guildId));
}

/** After the bot-add flow: the next visit asks the platform again (the returned guild id is only a hint). */
export async function forgetBotPresence(guildId: string): Promise<void> {
  await invalidate(presenceKey(guildId));
}
