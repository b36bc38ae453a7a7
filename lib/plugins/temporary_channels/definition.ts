import { z } from "zod";
import { categoryChannelField, integer, text, toggle, voiceChannelField } from "../fields";
import { definePlugin } from "../types";

export const temporaryChannels = definePlugin({
  id: "temporary_channels",
  category: "utilities",
  premium: false,
  icon: "door",
  configSchema: z.strictObject({
    creator_channel_id: voiceChannelField({ neededWhen: true }),
    category_id: categoryChannelField(),
    name_template: text(100, "{user.name}'s room", { neededWhen: true }),
    user_limit: integer(0, 99, 0),
    bitrate_kbps: integer(8, 384, 64),
    owner_can_manage: toggle(true),
    locked_by_default: toggle(false),
  }),
  collections: {},
});
