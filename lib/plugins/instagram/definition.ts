import { z } from "zod";
import { legacySource, sourceField, sourceNameField, mentionableRoleField, messageField, requiredChannelField, toggle, ONE_SOURCE_PER_CHANNEL, alertMessageField } from "../fields";
import { definePlugin } from "../types";
import { defaultMessage } from "../../templates/default-messages";

export const instagram = definePlugin({
  id: "instagram",
  category: "other",
  premium: false,
  icon: "instagram",
  configSchema: z.strictObject({
    default_message: messageField(defaultMessage("instagram.default_message"), { neededWhen: true }),
    include_reels: toggle(true),
    show_preview: toggle(true),
    mention_role_id: mentionableRoleField(),
  }),
  collections: {
    // Singular on purpose: the path is /plugins/instagram/guilds/{guildId}/subscription (spec 7).
    subscription: {
      itemSchema: z.strictObject({
        source_id: sourceField("instagram"),
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
