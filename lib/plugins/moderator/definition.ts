import { z } from "zod";
import { channelField, channelsField, inputText, integer, list, messageField, roleField, rolesField, toggle } from "../fields";
import { definePlugin } from "../types";
import { defaultMessage } from "../../templates/default-messages";

export const moderator = definePlugin({
  id: "moderator",
  category: "utilities",
  premium: false,
  icon: "shield",
  configSchema: z.strictObject({
    log_channel_id: channelField(),
    mute_role_id: roleField({ gives: true }),
    moderator_role_ids: rolesField(25),
    dm_on_infraction: toggle(true),
    mute_after_warnings: integer(0, 50, 3),
    ban_after_warnings: integer(0, 50, 0),
    default_mute_minutes: integer(1, 40_320, 60),
    automod_invites: toggle(false),
    automod_links: toggle(false),
    automod_spam: toggle(false),
    automod_caps: toggle(false),
    banned_words: list(inputText().min(1).max(64), 500, { freeMax: 50 }),
    automod_exempt_role_ids: rolesField(25),
    lockdown_channel_ids: channelsField(50, { freeMax: 10 }),
    lockdown_message: messageField(defaultMessage("moderator.lockdown_message"), { neededWhen: { field: "lockdown_channel_ids", is: "filled" } }),
  }),
  sections: [
    { id: "team", fields: ["log_channel_id", "moderator_role_ids", "mute_role_id", "dm_on_infraction"] },
    { id: "warnings", fields: ["mute_after_warnings", "ban_after_warnings", "default_mute_minutes"] },
    { id: "automod", fields: ["automod_invites", "automod_links", "automod_spam", "automod_caps", "banned_words", "automod_exempt_role_ids"] },
    { id: "lockdown", fields: ["lockdown_channel_ids", "lockdown_message"] },
  ],
  collections: {},
});
