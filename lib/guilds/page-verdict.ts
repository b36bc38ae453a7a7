import "server-only";
import { ApiError } from "@/lib/http/api-error";
import type { Session } from "@/lib/session/session-cookie";
import { checkGuildPermission } from "./access";
import { isBotInGuild } from "./bot-presence";
import { findManagedGuild } from "./user-guilds";

export type GuildHeader = { id: string; name: string; icon: string | null };

export type GuildPageVerdict = { kind: "ok" } | { kind: "not_managed" } | { kind: "bot_missing"; guild: GuildHeader };

/**
 * Whether this user may open this guild's pages: they must manage it (as the platform
 * lists their guilds, and as the bot sees their roles: the same check as the API) and
 * the bot must be in it. Middleware asks before any guild page is served, cached or not.
 */
export async function guildPageVerdict(session: Session, guildId: string): Promise<GuildPageVerdict> {
  const summary = await findManagedGuild(session, guildId);
  if (!summary) return { kind: "not_managed" };
  const header = { id: summary.id, name: summary.name, icon: summary.icon };
  if (!(await isBotInGuild(guildId))) return { kind: "bot_missing", guild: header };
  try {
    await checkGuildPermission(session, guildId);
    return { kind: "ok" };
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) return { kind: "not_managed" };
    if (error instanceof ApiError && error.status === 404) return { kind: "bot_missing", guild: header };
    throw error;
  }
}
