import "server-only";
import { ApiError } from "@/lib/http/api-error";
import { isGuildCached } from "@/lib/platform/bot-api";
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
  // A guild seen before has its bot-side check started at once, so a slow platform costs
  // one wait rather than two; an id never seen waits for the user's own list, so a made-up
  // id never reaches the bot token.
  const early = (await isGuildCached(guildId)) ? settle(checkGuildPermission(session, guildId)) : null;
  const summary = await findManagedGuild(session, guildId);
  if (!summary) return { kind: "not_managed" };
  const header = { id: summary.id, name: summary.name, icon: summary.icon };
  if (!(await isBotInGuild(guildId))) return { kind: "bot_missing", guild: header };
  const outcome = await (early ?? settle(checkGuildPermission(session, guildId)));
  if (outcome.ok) return { kind: "ok" };
  const { error } = outcome;
  if (error instanceof ApiError && error.status === 403) return { kind: "not_managed" };
  if (error instanceof ApiError && error.status === 404) return { kind: "bot_missing", guild: header };
  throw error;
}

/** A promise that never rejects (an early start may end up not awaited). */
function settle<T>(promise: Promise<T>): Promise<{ ok: true; value: T } | { ok: false; error: unknown }> {
  return promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
}
