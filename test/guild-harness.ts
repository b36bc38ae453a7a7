// Tests only: the emulator's fixture guilds and helpers to call guild-scoped routes as Ada.
import { GUILD_IDS } from "@/emulators/platform/data/ids";
import { getGuildPickers } from "@/lib/guilds/pickers";

export { GUILD_IDS };

/** A text channel and an assignable role of a fixture guild, for valid request bodies. */
export async function guildRefs(guildId: string): Promise<{ channel: string; role: string; voice: string | undefined }> {
  const pickers = await getGuildPickers(guildId);
  const channel = pickers.channels.find((item) => item.type === 0);
  const role = pickers.roles.find((item) => item.assignable);
  if (!channel || !role) throw new Error(`fixture guild ${guildId} lacks a text channel or an assignable role`);
  return { channel: channel.id, role: role.id, voice: pickers.channels.find((item) => item.type === 2)?.id };
}
