import "server-only";
import type { APIAllowedMentions, APIEmbed } from "discord-api-types/v10";
import { z } from "zod";
import { CHANNEL_TYPES_BY_UI, getGuildPickers } from "@/lib/guilds/pickers";
import { ApiError } from "@/lib/http/api-error";
import { editMessage, postMessage } from "@/lib/platform/messages-api";
import { PlatformError, PlatformErrorCode, platformFieldErrors } from "@/lib/platform/errors";
import { endpoint, type PluginEndpoint } from "../endpoint";
import { getItem, itemResponse, updateItem, type ItemScope } from "../items";
import { readPluginState } from "../plugin-states";
import { guildEmbeds } from "./definition";

const guildId = z.string().regex(/^\d{17,20}$/, "must be a guild id");
const itemParams = z.object({ guildId, itemId: z.string().uuid("must be an item id") });
const scope = (id: string): ItemScope => ({ guildId: id, pluginId: guildEmbeds.id, collection: "embeds" });

/** Nothing the bot posts from the dashboard pings anyone. */
export const NO_MENTIONS: APIAllowedMentions = { parse: [] };

/** A 400 unless `channelId` is a text channel of the guild (as the bot sees it). */
export async function assertTextChannel(guild: string, channelId: string | null | undefined): Promise<string> {
  if (!channelId) throw new ApiError(400, "channel_required", "Choose a channel to post in.", [{ path: "channel_id", message: "required" }]);
  const { channels } = await getGuildPickers(guild);
  const channel = channels.find((item) => item.id === channelId);
  if (!channel || !CHANNEL_TYPES_BY_UI.channel!.includes(channel.type)) {
    throw new ApiError(400, "invalid_channel", "This is not a text channel of this server.", [{ path: "channel_id", message: "must be a text channel of this server" }]);
  }
  return channelId;
}

/** True for the platform's "this message does not exist (any more)". */
export function isUnknownMessage(error: unknown): boolean {
  return error instanceof PlatformError && error.code === PlatformErrorCode.UNKNOWN_MESSAGE;
}

/**
 * A failed post, edit or reaction as the answer the dashboard shows: 403 when the bot
 * lacks access or permissions in the channel, else 502 with the platform's reason (and
 * the fields it rejected). Anything that is not a platform error is rethrown as is.
 */
export function postFailure(error: unknown): ApiError {
  if (!(error instanceof PlatformError)) throw error;
  if (error.code === PlatformErrorCode.MISSING_PERMISSIONS || error.code === PlatformErrorCode.MISSING_ACCESS) {
    return new ApiError(403, "bot_missing_permissions", "The bot is missing permissions in this channel (view it, send messages, embed links, add reactions and read message history).");
  }
  const fields = error.status === 400 ? platformFieldErrors(error).map((field) => ({ path: field.path || "body", message: field.message || field.code })) : [];
  return new ApiError(502, "post_failed", `Discord did not accept the message: ${error.message}`, fields.length > 0 ? fields : undefined);
}

type EmbedItem = z.output<typeof guildEmbeds.collections.embeds.itemSchema>;
type EmbedConfig = z.output<typeof guildEmbeds.configSchema>;

/** The saved embed as the platform wants it, with the plugin's defaults filling the gaps. */
export function buildEmbed(item: EmbedItem, config: EmbedConfig, now = new Date()): APIEmbed {
  const embed: APIEmbed = { title: item.title };
  if (item.description) embed.description = item.description;
  const color = item.color ?? config.default_color;
  if (color !== null) embed.color = color;
  if (item.url) embed.url = item.url;
  if (item.fields.length > 0) embed.fields = item.fields.map((field) => ({ name: field.name, value: field.value, inline: field.inline }));
  if (item.image_url) embed.image = { url: item.image_url };
  if (item.thumbnail_url) embed.thumbnail = { url: item.thumbnail_url };
  const footer = item.footer || config.default_footer;
  if (footer) embed.footer = { text: footer };
  if (config.default_author_name) embed.author = { name: config.default_author_name, ...(config.default_author_icon_url ? { icon_url: config.default_author_icon_url } : {}) };
  if (config.show_timestamp) embed.timestamp = now.toISOString();
  return embed;
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
      body: z.strictObject({ channel_id: z.string().regex(/^\d{17,20}$/, "must be a platform id").optional() }),
      handler: async ({ db, params, body, access }) => {
        const current = await getItem(db, scope(params.guildId), params.itemId);
        const item = guildEmbeds.collections.embeds.itemSchema.parse(current.data);
        const channelId = await assertTextChannel(params.guildId, body.channel_id ?? item.channel_id);
        const config = guildEmbeds.configSchema.parse((await readPluginState(db, params.guildId, guildEmbeds)).config);
        const embeds = [buildEmbed(item, config)];
        let messageId: string;
        try {
          let edited: string | null = null;
          if (item.message_id && item.channel_id === channelId) {
            try {
              edited = (await editMessage(channelId, item.message_id, { content: null, embeds, allowed_mentions: NO_MENTIONS })).id;
            } catch (error) {
              if (!isUnknownMessage(error)) throw error;
            }
          }
          messageId = edited ?? (await postMessage(channelId, { embeds, allowed_mentions: NO_MENTIONS })).id;
        } catch (error) {
          throw postFailure(error);
        }
        const saved =
          item.message_id === messageId && item.channel_id === channelId
            ? current
            : await updateItem(db, scope(params.guildId), params.itemId, { userId: access.userId, premium: access.premium }, { ...current.data, channel_id: channelId, message_id: messageId });
        return { message_id: messageId, channel_id: channelId, item: itemResponse(saved) };
      },
    }),
  ];
}
