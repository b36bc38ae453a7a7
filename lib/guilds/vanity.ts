import "server-only";

import { getBotGuildIds } from "@/lib/platform/bot-api";
import { guildIconUrl } from "@/lib/platform/cdn";
import { getEnv } from "@/lib/env";
import { resolveInvite } from "@/lib/platform/invites-api";

// GET /guilds/vanity/{code}: which server the bot is in has this vanity code (discord.gg/{code}),
// for links such as /leaderboard/{code}. Asked of the platform (an invite lookup, kept ten
// minutes per code, known or not); an ordinary invite code or a server without the bot is not
// an answer: only what the server shows publicly on its invite page is returned.

export type VanityGuild = { id: string; name: string; icon_url: string | null; vanity_url_code: string; member_count: number | null };

export async function guildByVanity(code: string): Promise<VanityGuild | null> {
  const invite = await resolveInvite(code);
  const guild = invite?.guild;
  if (!guild?.vanity_url_code || guild.vanity_url_code.toLowerCase() !== code.toLowerCase()) return null;
  if (!(await getBotGuildIds()).has(guild.id)) return null;
  return {
    id: guild.id,
    name: guild.name,
    icon_url: guildIconUrl(getEnv().DISCORD_CDN_URL, guild, 128),
    vanity_url_code: guild.vanity_url_code,
    member_count: invite?.approximate_member_count ?? null,
  };
}
