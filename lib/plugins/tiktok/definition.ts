import { z } from "zod";
import { legacySource, sourceField, sourceNameField, mentionableRoleField, messageField, requiredChannelField, toggle, ONE_SOURCE_PER_CHANNEL, alertMessageField } from "../fields";
import { definePlugin } from "../types";
import { defaultMessage } from "../../templates/default-messages";

export const tiktok = definePlugin({
  id: "tiktok",
  category: "other",
  premium: false,
  icon: "tiktok",
  configSchema: z.strictObject({
    default_message: messageField(defaultMessage("tiktok.default_message"), { neededWhen: true }),
    include_lives: toggle(false),
    show_preview: toggle(true),
    mention_role_id: mentionableRoleField(),
  }),
  collections: {
    subscriptions: {
      itemSchema: z.strictObject({
        source_id: sourceField("tiktok"),
        source_name: sourceNameField(),
        channel_id: requiredChannelField(),
        message: alertMessageField(),
      }),
      limits: { free: 1, premium: 50 },
      titleField: "source_name",
      unique: [ONE_SOURCE_PER_CHANNEL],
      upgrade: legacySource("username"),
    },
  },
});
