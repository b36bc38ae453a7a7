import "server-only";
import type { APIEmbed } from "discord-api-types/v10";
import { z } from "zod";
import { editMessage, postMessage } from "@/lib/platform/messages-api";
import { snowflake } from "@/lib/platform/snowflake";
import { renderTemplate } from "@/lib/templates/render";
import { endpoint, itemParams, type PluginEndpoint } from "../endpoint";
import { getItem, itemResponse, updateItem, type ItemScope, parseStoredItem } from "../items";
import { readPluginState } from "../plugin-states";
import { checkReferences } from "../rules";
import { toPlatformEmbed } from "../embed-payload";
import { assertTextChannel, guildTemplateContext, isUnknownMessage, NO_MENTIONS, postFailure } from "../posting";
import { guildEmbeds } from "./definition";

const scope = (id: string): ItemScope => ({ guildId: id, pluginId: guildEmbeds.id, collection: "embeds" });

type EmbedItem = z.output<typeof guildEmbeds.collections.embeds.itemSchema>;
type EmbedConfig = z.output<typeof guildEmbeds.configSchema>;

export type BuiltMessage = { content: string | null; embeds: APIEmbed[] };

/**
 * The saved message as the platform wants it: texts rendered (template variables), "now"
 * timestamps resolved, and the plugin's defaults filling the gaps of each embed (colour,
 * author, footer, time of posting).
 */
export function buildMessage(item: EmbedItem, config: EmbedConfig, { render = (text: string) => text, now = new Date() }: { render?: (text: string) => string; now?: Date } = {}): BuiltMessage {
  const embeds = item.embeds.map((stored) => {
    const embed = toPlatformEmbed(stored, { render, now, fallbackColor: config.default_color });
    if (!embed.author && config.default_author_name) {
      embed.author = { name: render(config.default_author_name), ...(config.default_author_icon_url ? { icon_url: config.default_author_icon_url } : {}) };
    }
    if (!embed.footer && config.default_footer) embed.footer = { text: render(config.default_footer) };
    if (!embed.timestamp && config.show_timestamp) embed.timestamp = now.toISOString();
    return embed;
  });
  const content = item.content.trim() === "" ? null : render(item.content);
  return { content, embeds };
}

// Sends a saved embed to its channel (or another text channel of the guild), editing the
// message it sent before when there is one in that channel, and remembers the message.
export function guildEmbedsEndpoints(): PluginEndpoint[] {
  return [
    endpoint({
      method: "POST",
      path: "/guild_embeds/guilds/:guildId/embeds/:itemId/send",
      plugin: guildEmbeds.id,
      collection: "embeds",
      params: itemParams,
      body: z.strictObject({ channel_id: snowflake.optional() }),
      handler: async ({ db, params, body, access }) => {
        const current = await getItem(db, scope(params.guildId), params.itemId);
        const item = parseStoredItem(guildEmbeds.collections.embeds.itemSchema, current);
        const channelId = await assertTextChannel(params.guildId, body.channel_id ?? item.channel_id);
        // What the send saves into the item (its channel and message), checked like any write before posting.
        await checkReferences(db, params.guildId, { plugin: guildEmbeds, collection: "embeds" }, { channel_id: channelId });
        const config = guildEmbeds.configSchema.parse((await readPluginState(db, params.guildId, guildEmbeds)).config);
        const context = await guildTemplateContext(access, channelId);
        const { content, embeds } = buildMessage(item, config, { render: (text) => renderTemplate(text, context) });
        let messageId: string;
        try {
          let edited: string | null = null;
          if (item.message_id && item.channel_id === channelId) {
            try {
              edited = (await editMessage(channelId, item.message_id, { content, embeds, allowed_mentions: NO_MENTIONS })).id;
            } catch (error) {
              if (!isUnknownMessage(error)) throw error;
            }
          }
          messageId = edited ?? (await postMessage(channelId, { ...(content !== null && { content }), embeds, allowed_mentions: NO_MENTIONS })).id;
        } catch (error) {
          throw postFailure(error);
        }
        const saved =
          item.message_id === messageId && item.channel_id === channelId
            ? current
            : await updateItem(db, scope(params.guildId), params.itemId, { userId: access.userId, buffs: access.buffs }, (stored) => ({ ...stored.data, channel_id: channelId, message_id: messageId }));
        return { message_id: messageId, channel_id: channelId, item: itemResponse(saved) };
      },
    }),
  ];
}
