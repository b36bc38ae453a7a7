import "server-only";
import { getDb } from "@/lib/db/client";
import { getGuildPickers } from "@/lib/guilds/pickers";
import { CHANNEL_TYPES_BY_UI } from "@/lib/plugins/channel-uis";
import { readGuildSettings } from "@/lib/guilds/settings-queries";
import type { Locale } from "@/lib/i18n/locales";
import { includesCustomBot } from "./gate";
import { readCustomBot } from "./store";
import { customBotView, type CustomBotView } from "./view";

/** What the custom bot's page hands its island: the bot as the owner sees it (never its token) and the text channels for its backstory. */
export type CustomBotPageData = { view: CustomBotView; channels: Array<{ id: string; name: string }> };

export async function loadCustomBotPage(guildId: string, locale: Locale): Promise<CustomBotPageData> {
  const db = await getDb();
  const [row, settings, pickers] = await Promise.all([readCustomBot(db, guildId), readGuildSettings(db, guildId), getGuildPickers(guildId)]);
  const textTypes = CHANNEL_TYPES_BY_UI.channels;
  return {
    view: customBotView(row, { included: includesCustomBot(settings.buffs), locale }),
    channels: pickers.channels.filter((channel) => textTypes.includes(channel.type)).map((channel) => ({ id: channel.id, name: channel.name })),
  };
}
