import { z } from "zod";
import { inputText, mentionableRoleField, messageField, requiredChannelField, toggle } from "../fields";
import { definePlugin } from "../types";
import { issue } from "../../validation/issues";
import { defaultMessage } from "../../templates/default-messages";

/** Instagram usernames, without the @: 1 to 30 letters, digits, _ or . */
export const INSTAGRAM_USERNAME = /^[A-Za-z0-9_.]{1,30}$/;

export const instagram = definePlugin({
  id: "instagram",
  category: "other",
  premium: false,
  icon: "instagram",
  configSchema: z.strictObject({
    default_message: messageField(defaultMessage("instagram.default_message")),
    include_reels: toggle(true),
    show_preview: toggle(true),
    mention_role_id: mentionableRoleField(),
  }),
  collections: {
    // Singular on purpose: the path is /plugins/instagram/guilds/{guildId}/subscription (spec 7).
    subscription: {
      itemSchema: z.strictObject({
        username: inputText().max(30).regex(INSTAGRAM_USERNAME, issue("invalid_username")),
        channel_id: requiredChannelField(),
        message: messageField(""),
      }),
      limits: { free: 1, premium: 50 },
      titleField: "username",
    },
  },
});
