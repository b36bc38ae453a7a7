import "server-only";
import { cache } from "react";
import { headers } from "next/headers";
import { isSnowflake } from "@/lib/platform/snowflake";
import { loadGuildShell, type GuildShell } from "./guild-shell";
import { readVerdict, VERDICT_HEADER } from "./verdict-proof";

export type GuildPageState = ({ kind: "ok"; userId: string } & GuildShell) | { kind: "no_verdict" };

/**
 * What a session-reading guild page may show, once per request. The permission verdict
 * is made by middleware before any guild page is served; this only checks its proof
 * (a header middleware alone can set) for this guild, so a page reached any other way
 * draws nothing, and the guild is loaded once and shared with the layout.
 */
export const loadGuildPage = cache(async (guildId: string, area: string): Promise<GuildPageState> => {
  if (!isSnowflake(guildId)) return { kind: "no_verdict" };
  const verdict = readVerdict((await headers()).get(VERDICT_HEADER), guildId);
  if (!verdict) return { kind: "no_verdict" };
  return { kind: "ok", userId: verdict.userId, ...(await loadGuildShell(guildId, area)) };
});
