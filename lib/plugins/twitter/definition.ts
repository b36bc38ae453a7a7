import { z } from "zod";
import { legacySource, sourceField, sourceNameField, mentionableRoleField, messageField, requiredChannelField, toggle, ONE_SOURCE_PER_CHANNEL, alertMessageField } from "../fields";
import { definePlugin } from "../types";
import { defaultMessage } from "../../templates/default-messages";

export const twitter = definePlugin({
  id: "twitter",
  category: "social",
  premium: false,
  icon: "twitter",
  configSchema: z.strictObject({
    default_message: messageField(defaultMessage("twitter.default_message"), { neededWhen: true }),
    include_replies: toggle(false),
    include_reposts: toggle(false),
    show_preview: toggle(true),
  }),
  collections: {
    subscriptions: {
      itemSchema: z.strictObject({
        source_id: sourceField("twitter"),
        source_name: sourceNameField(),
        channel_id: requiredChannelField(),
        message: alertMessageField(),
        mention_role_id: mentionableRoleField(),
      }),
      limits: { free: 1, premium: 50 },
      titleField: "source_name",
      unique: [ONE_SOURCE_PER_CHANNEL],
      upgrade: legacySource("username"),
    },
  },
});
