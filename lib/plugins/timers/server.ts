import "server-only";
import { z } from "zod";
import { inputText } from "@/lib/validation/text";
import { getGuildPickers } from "@/lib/guilds/pickers";
import type { GuildAccess } from "@/lib/guilds/access";
import { ApiError } from "@/lib/http/api-error";
import { postMessage } from "@/lib/platform/messages-api";
import { guildIdParams, snowflake } from "@/lib/platform/snowflake";
import { endpoint, itemParams, type PluginEndpoint } from "../endpoint";
import { collectionEndpoints } from "../generic-endpoints";
import { getItem, parseStoredItem } from "../items";
import { readPluginState } from "../plugin-states";
import { assertTextChannel, posting, renderForGuild } from "../posting";
import { timers } from "./definition";
import { timerMessageBody } from "./message";
import { fieldIssue } from "@/lib/validation/server-messages";

const definition = timers.collections.timers;

/** A timer's message as it would be sent: the guild, the signed-in user as the member, the channel. */
async function preview(access: GuildAccess, message: string, channelId: string | null | undefined): Promise<{ content: string }> {
  const pickers = await getGuildPickers(access.guildId);
  if (channelId && !pickers.channels.some((channel) => channel.id === channelId)) {
    throw new ApiError(400, "invalid_channel", "This is not a channel of this server.", [fieldIssue("channel_id", "unknown_channel")]);
  }
  return { content: await renderForGuild(access, message, channelId, pickers) };
}

// Spec 7 addresses timers as /plugins/timers/{guildId} and /plugins/timers/{guild}/{timer}
// (the collection's `path`) rather than under /guilds/…/timers: same handlers, shorter paths.
// A saved timer's preview posts its message in its channel now, rendered and styled the way
// the bot sends it (embeds when the plugin says so), without pinging anyone; the item is not
// changed. Unsaved text is only rendered.
export function timersEndpoints(): PluginEndpoint[] {
  const generic = `/timers/guilds/:guildId/timers`;
  return [
    ...collectionEndpoints(timers, "timers", definition).map((item) => ({
      ...item,
      path: item.path.replace(generic, definition.path),
    })),
    endpoint({
      method: "POST",
      path: `${definition.path}/:itemId/preview`,
      plugin: timers.id,
      collection: "timers",
      params: itemParams,
      handler: async ({ db, params, access }) => {
        const item = await getItem(db, { guildId: params.guildId, pluginId: timers.id, collection: "timers" }, params.itemId);
        const timer = parseStoredItem(definition.itemSchema, item);
        const config = timers.configSchema.parse((await readPluginState(db, params.guildId, timers)).config);
        return posting(async () => {
          const channelId = await assertTextChannel(params.guildId, timer.channel_id);
          const { content } = await preview(access, timer.message, channelId);
          const message = await postMessage(channelId, timerMessageBody(config, content));
          return { content, channel_id: channelId, message_id: message.id };
        });
      },
    }),
    endpoint({
      method: "POST",
      path: `${definition.path}/preview`,
      plugin: timers.id,
      params: guildIdParams,
      body: z.strictObject({ message: inputText().max(2000), channel_id: snowflake.nullable().optional() }),
      handler: async ({ body, access }) => posting(() => preview(access, body.message, body.channel_id)),
    }),
  ];
}
