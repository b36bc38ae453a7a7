// Tests only: the emulator's fixture guilds and helpers to call guild-scoped routes as Ada.
import { GUILD_IDS } from "@/emulators/platform/data/ids";
import { getGuildPickers } from "@/lib/guilds/pickers";
import { getGuildEmojis } from "@/lib/platform/bot-api";
import { formatCustomEmoji } from "@/lib/platform/custom-emoji";

export { GUILD_IDS };

/** A text channel, an assignable role and a usable custom emoji (`<:name:id>`) of a fixture guild, for valid request bodies. */
export async function guildRefs(guildId: string): Promise<{ channel: string; role: string; emoji: string; voice: string | undefined }> {
  const [pickers, emojis] = await Promise.all([getGuildPickers(guildId), getGuildEmojis(guildId)]);
  const channel = pickers.channels.find((item) => item.type === 0);
  const role = pickers.roles.find((item) => item.assignable);
  const emoji = emojis.find((item) => item.available);
  if (!channel || !role || !emoji) throw new Error(`fixture guild ${guildId} lacks a text channel, an assignable role or a usable custom emoji`);
  return { channel: channel.id, role: role.id, emoji: formatCustomEmoji(emoji), voice: pickers.channels.find((item) => item.type === 2)?.id };
}
