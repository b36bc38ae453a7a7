import "server-only";
import { z } from "zod";
import { apiLocale } from "@/lib/http/api-locale";
import { ApiError } from "@/lib/http/api-error";
import { getGuildChannels } from "@/lib/platform/bot-api";
import { PlatformError, PlatformErrorCode } from "@/lib/platform/errors";
import { createVoiceChannel } from "@/lib/platform/guild-edits";
import { guildIdParams } from "@/lib/platform/snowflake";
import { inputText } from "@/lib/validation/text";
import { issueTextFor } from "@/lib/validation/server-messages";
import { endpoint, type PluginEndpoint } from "../endpoint";
import { mergeConfig, readPluginState, writePluginState } from "../plugin-states";
import { temporaryChannels } from "./definition";
import { MAX_CHANNEL_NAME } from "./name-template";

// "Create a creator channel": for an owner who has no voice channel to offer as the creator yet,
// the bot makes one (in the chosen category, if any) and the config takes it, in one click.
export function temporaryChannelsEndpoints(): PluginEndpoint[] {
  return [
    endpoint({
      method: "POST",
      path: "/temporary_channels/guilds/:guildId/creator-channel",
      plugin: temporaryChannels.id,
      params: guildIdParams,
      body: z.strictObject({ name: inputText().trim().min(1).max(MAX_CHANNEL_NAME) }),
      handler: async ({ req, db, params, body, access }) => {
        const state = await readPluginState(db, params.guildId, temporaryChannels);
        const chosen = state.config.category_id as string | null;
        // A category deleted on the platform since it was chosen: the channel goes to the top level.
        const categoryId = chosen && (await getGuildChannels(params.guildId)).some((channel) => channel.id === chosen && channel.type === 4) ? chosen : null;
        let channel;
        try {
          channel = await createVoiceChannel(params.guildId, { name: body.name, categoryId }, "Temporary channels: creator channel");
        } catch (error) {
          if (error instanceof PlatformError && (error.code === PlatformErrorCode.MISSING_PERMISSIONS || error.code === PlatformErrorCode.MISSING_ACCESS)) {
            throw new ApiError(403, "channel_bot_missing_permission", issueTextFor(apiLocale(req))("channel_bot_missing_permission"));
          }
          throw error;
        }
        const after = await writePluginState(db, { guildId: params.guildId, userId: access.userId, plugin: temporaryChannels, next: mergeConfig(temporaryChannels, { creator_channel_id: channel.id }) });
        return { channel_id: channel.id, name: channel.name, enabled: after.enabled, config: after.config, version: after.version };
      },
    }),
  ];
}
