import { z } from "zod";
import { legacySource, sourceField, sourceNameField, mentionableRoleField, messageField, requiredChannelField, toggle, ONE_SOURCE_PER_CHANNEL, alertMessageField } from "../fields";
import { definePlugin } from "../types";
import { defaultMessage } from "../../templates/default-messages";

export const youtube = definePlugin({
  id: "youtube",
  category: "social",
  premium: false,
  icon: "youtube",
  configSchema: z.strictObject({
    default_message: messageField(defaultMessage("youtube.default_message"), { neededWhen: true }),
    include_shorts: toggle(true),
    include_live: toggle(true),
    include_premieres: toggle(true),
  }),
  collections: {
    subscriptions: {
      itemSchema: z.strictObject({
        source_id: sourceField("youtube"),
        source_name: sourceNameField(),
        channel_id: requiredChannelField(),
        message: alertMessageField(),
        mention_role_id: mentionableRoleField(),
      }),
      limits: { free: 3, premium: 100 },
      titleField: "source_name",
      unique: [ONE_SOURCE_PER_CHANNEL],
      upgrade: legacySource("youtube_channel"),
    },
  },
});
