import "server-only";
import { cache } from "react";
import { getDb } from "@/lib/db/client";
import { SNOWFLAKE_PATTERN } from "@/lib/platform/snowflake";
import { getSession } from "@/lib/session/server";
import { requireGuildAccess, type GuildAccess } from "./access";
import { guildPageVerdict, type GuildHeader } from "./page-verdict";

export type GuildPageState =
  | { kind: "ok"; guild: GuildHeader & { member_count: number }; premium: boolean; stale: boolean; access: GuildAccess }
  | { kind: "not_managed" }
  | { kind: "bot_missing"; guild: GuildHeader };

/**
 * What a session-reading guild page may show, decided once per request: the verdict
 * middleware already acted on, checked again here because a page must not trust
 * that it was reached through middleware.
 */
export const loadGuildPage = cache(async (guildId: string): Promise<GuildPageState> => {
  const session = await getSession();
  if (!session || !SNOWFLAKE_PATTERN.test(guildId)) return { kind: "not_managed" };
  const verdict = await guildPageVerdict(session, guildId);
  if (verdict.kind !== "ok") return verdict;
  const access = await requireGuildAccess(await getDb(), session, guildId);
  return {
    kind: "ok",
    guild: { id: access.guild.id, name: access.guild.name, icon: access.guild.icon, member_count: access.guild.approximate_member_count ?? 0 },
    premium: access.premium,
    stale: access.stale,
    access,
  };
});
