import { z } from "zod";
import { legacySource, sourceField, sourceNameField, mentionableRoleField, messageField, requiredChannelField, roleField, toggle, ONE_SOURCE_PER_CHANNEL, alertMessageField } from "../fields";
import { definePlugin } from "../types";
import { defaultMessage } from "../../templates/default-messages";

/** Twitch login names: 3 to 25 letters, digits or underscores. */
export const TWITCH_LOGIN = /^[A-Za-z0-9_]{3,25}$/;

export const twitch = definePlugin({
  id: "twitch",
  category: "social",
  premium: false,
  icon: "twitch",
  configSchema: z.strictObject({
    default_message: messageField(defaultMessage("twitch.default_message"), { neededWhen: true }),
    show_preview: toggle(true),
    delete_when_offline: toggle(false),
    live_role_id: roleField({ gives: true }),
  }),
  collections: {
    streamers: {
      itemSchema: z.strictObject({
        source_id: sourceField("twitch"),
        source_name: sourceNameField(),
        channel_id: requiredChannelField(),
        message: alertMessageField(),
        mention_role_id: mentionableRoleField(),
      }),
      limits: { free: 3, premium: 100 },
      titleField: "source_name",
      unique: [ONE_SOURCE_PER_CHANNEL],
      upgrade: legacySource("login"),
    },
  },
});
