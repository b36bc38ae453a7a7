import "server-only";
import { ApiError } from "@/lib/http/api-error";
import { refreshGuildCache } from "@/lib/platform/bot-api";
import { getGuildPickers } from "./pickers";

// The Refresh button re-reads channels and roles from the platform at most once
// a minute per guild, so a busy button cannot spend the bot's rate limit.
const MIN_INTERVAL_MS = 60_000;
const lastRefresh = new Map<string, number>();

export async function refreshGuild(guildId: string, now = Date.now()): Promise<{ refreshed_at: string }> {
  const last = lastRefresh.get(guildId);
  if (last !== undefined && now - last < MIN_INTERVAL_MS) {
    const wait = Math.ceil((last + MIN_INTERVAL_MS - now) / 1000);
    throw new ApiError(429, "refresh_too_soon", `Channels and roles were refreshed moments ago. Try again in ${wait} seconds.`, undefined, wait);
  }
  lastRefresh.set(guildId, now);
  await refreshGuildCache(guildId);
  await getGuildPickers(guildId);
  return { refreshed_at: new Date(now).toISOString() };
}
