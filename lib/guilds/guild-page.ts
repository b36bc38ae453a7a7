import "server-only";
import { cache } from "react";
import { getDb } from "@/lib/db/client";
import { ApiError } from "@/lib/http/api-error";
import { getSession } from "@/lib/session/server";
import { requireGuildAccess, type GuildAccess } from "./access";
import { isBotInGuild } from "./bot-presence";
import { findManagedGuild } from "./user-guilds";

type GuildHeader = { id: string; name: string; icon: string | null };

export type GuildPageState =
  | { kind: "ok"; guild: GuildHeader & { member_count: number }; premium: boolean; stale: boolean; access: GuildAccess }
  | { kind: "not_managed" }
  | { kind: "bot_missing"; guild: GuildHeader };

/**
 * What a guild page may show, decided once per request for the layout and the page:
 * the user must manage the guild (the same check as the API) and the bot must be in it.
 */
export const loadGuildPage = cache(async (guildId: string): Promise<GuildPageState> => {
  const session = await getSession();
  if (!session || !/^\d{17,20}$/.test(guildId)) return { kind: "not_managed" };
  const summary = await findManagedGuild(session, guildId);
  if (!summary) return { kind: "not_managed" };
  if (!(await isBotInGuild(guildId))) return { kind: "bot_missing", guild: { id: summary.id, name: summary.name, icon: summary.icon } };
  try {
    const access = await requireGuildAccess(await getDb(), session, guildId);
    return {
      kind: "ok",
      guild: { id: access.guild.id, name: access.guild.name, icon: access.guild.icon, member_count: access.guild.approximate_member_count ?? 0 },
      premium: access.premium,
      stale: access.stale,
      access,
    };
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) return { kind: "not_managed" };
    if (error instanceof ApiError && error.status === 404) return { kind: "bot_missing", guild: { id: summary.id, name: summary.name, icon: summary.icon } };
    throw error;
  }
});
