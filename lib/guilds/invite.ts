import "server-only";

import { ChannelType } from "discord-api-types/v10";

import { getGuild } from "@/lib/platform/bot-api";
import { PlatformError } from "@/lib/platform/errors";
import { createChannelInvite } from "@/lib/platform/invites-api";
import { GuildError } from "./errors";
import { getGuildPickers } from "./pickers";

// GET /guilds/{id}/invite: a link to join the server, for a manager to share. The server's
// vanity link when it has one; otherwise a never-expiring invite the bot makes in the welcome
// (system) channel, the rules channel or the first text channel, in that order, skipping a
// channel where the bot may not invite. The platform answers the same invite again while it
// lasts (`unique: false`), so asking twice makes one invite, not two.

export type ServerInvite = { code: string; url: string; vanity: boolean; channel: { id: string; name: string | null } | null };

/** How many channels are tried before giving up: each try is a platform call. */
const MAX_TRIES = 3;

const inviteUrl = (code: string) => `https://discord.gg/${code}`;

export async function serverInvite(guildId: string): Promise<ServerInvite> {
  const [guild, { channels }] = await Promise.all([getGuild(guildId), getGuildPickers(guildId)]);
  if (guild.vanity_url_code && (guild.features as string[]).includes("VANITY_URL")) return { code: guild.vanity_url_code, url: inviteUrl(guild.vanity_url_code), vanity: true, channel: null };
  const texts = channels.filter((channel) => channel.type === ChannelType.GuildText).sort((a, b) => a.position - b.position);
  const preferred = [guild.system_channel_id, guild.rules_channel_id].filter((id): id is string => Boolean(id));
  const order = [...new Set([...preferred, ...texts.map((channel) => channel.id)])].filter((id) => texts.some((channel) => channel.id === id));
  for (const channelId of order.slice(0, MAX_TRIES)) {
    try {
      const invite = await createChannelInvite(channelId, 0, "A manager asked for the server's invite in the Guildhall dashboard");
      return { code: invite.code, url: inviteUrl(invite.code), vanity: false, channel: invite.channel };
    } catch (error) {
      if (error instanceof PlatformError && error.kind === "forbidden") continue;
      throw error;
    }
  }
  throw new GuildError("invite_not_possible");
}
