import "server-only";

import { getEnv } from "@/lib/env";
import { listManagedGuilds } from "@/lib/guilds/user-guilds";
import { getGuildMember } from "@/lib/platform/bot-api";
import { userAvatarUrl } from "@/lib/platform/cdn";
import { snowflakeToDate } from "@/lib/platform/snowflake";
import type { Session } from "@/lib/session/session-cookie";

// GET /users/{id} for someone else: a manager sees the public profile of a member of a server
// they manage (a case's member, a ticket's opener, a leaderboard name), never of anyone else,
// and never their email or billing. Membership is asked of the platform with the bot token, per
// server (kept a minute, like every member read), in the servers with the bot the viewer manages.

/** At most this many of the viewer's servers are asked, a few at a time: each is a platform call the first time. */
export const MAX_GUILDS_ASKED = 25;
const AT_ONCE = 5;

export type SharedUser = {
  id: string;
  username: string;
  global_name: string | null;
  avatar: string | null;
  avatar_url: string;
  bot: boolean;
  /** Account creation on the platform, unix seconds (from the snowflake). */
  created_at: number;
  /** The servers the viewer manages where this user is a member (of those asked). */
  shared_guild_ids: string[];
};

export async function sharedUserProfile(session: Session, userId: string): Promise<SharedUser | null> {
  const { guilds } = await listManagedGuilds(session);
  const asked = guilds.filter((guild) => guild.bot_present).slice(0, MAX_GUILDS_ASKED);
  const found: { guildId: string; member: NonNullable<Awaited<ReturnType<typeof getGuildMember>>> }[] = [];
  for (let start = 0; start < asked.length; start += AT_ONCE) {
    const batch = asked.slice(start, start + AT_ONCE);
    const members = await Promise.all(batch.map((guild) => getGuildMember(guild.id, userId)));
    members.forEach((member, index) => {
      if (member?.user) found.push({ guildId: (batch[index] as { id: string }).id, member });
    });
  }
  const user = found[0]?.member.user;
  if (!user) return null;
  return {
    id: user.id,
    username: user.username,
    global_name: user.global_name,
    avatar: user.avatar,
    avatar_url: userAvatarUrl(getEnv().DISCORD_CDN_URL, user, 128),
    bot: user.bot ?? false,
    created_at: Math.floor(snowflakeToDate(user.id).getTime() / 1000),
    shared_guild_ids: found.map((entry) => entry.guildId),
  };
}
