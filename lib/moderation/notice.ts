import "server-only";
import type { GuildAccess } from "@/lib/guilds/access";
import { sendDirectMessage } from "@/lib/platform/direct-messages";
import { guildDefaultTexts } from "@/lib/plugins/default-texts";
import type { Act } from "./can-act";

// The DM a member gets when a moderator warns, times out, kicks or bans them (the plugin's
// dm_on_infraction), in the language the bot speaks on the guild. Sent before a kick or a ban
// takes effect would be kinder, but the platform refuses DMs to someone who shares no guild
// with the bot: the notice goes after the act, so a ban's notice may not arrive.

const NOTICE_KEYS: Partial<Record<Act, string>> = {
  warn: "moderator.notice_warn",
  timeout: "moderator.notice_timeout",
  kick: "moderator.notice_kick",
  ban: "moderator.notice_ban",
};

/** Whether the member received the notice (false: they do not accept DMs, or left every guild of the bot). */
export async function sendInfractionNotice(access: GuildAccess, input: { act: Act; userId: string; reason: string }): Promise<boolean> {
  const key = NOTICE_KEYS[input.act];
  if (!key) return false;
  const texts = await guildDefaultTexts(access.guildId, access.guild.preferred_locale);
  const reason = input.reason.trim() || texts["moderator.no_reason"] || "";
  const content = (texts[key] ?? "").replaceAll("{server.name}", access.guild.name).replaceAll("{reason}", reason);
  return sendDirectMessage(input.userId, content);
}
