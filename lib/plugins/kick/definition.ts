import { z } from "zod";
import { legacySource, sourceField, sourceNameField, mentionableRoleField, messageField, requiredChannelField, toggle, ONE_SOURCE_PER_CHANNEL, alertMessageField } from "../fields";
import { definePlugin } from "../types";
import { defaultMessage } from "../../templates/default-messages";

export const kick = definePlugin({
  id: "kick",
  category: "social",
  premium: false,
  icon: "kick",
  configSchema: z.strictObject({
    default_message: messageField(defaultMessage("kick.default_message"), { neededWhen: true }),
    show_preview: toggle(true),
    delete_when_offline: toggle(false),
    notify_title_change: toggle(false),
  }),
  collections: {
    subscriptions: {
      itemSchema: z.strictObject({
        source_id: sourceField("kick"),
        source_name: sourceNameField(),
        channel_id: requiredChannelField(),
        message: alertMessageField(),
        mention_role_id: mentionableRoleField(),
      }),
      limits: { free: 1, premium: 50 },
      titleField: "source_name",
      unique: [ONE_SOURCE_PER_CHANNEL],
      upgrade: legacySource("streamer"),
    },
  },
});
