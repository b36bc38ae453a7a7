import { z } from "zod";
import { AUTOMOD_ACTIONS, AUTOMOD_TRIGGERS } from "../../moderation/automod/triggers";
import { categoriesField, channelField, channelsField, inputText, integer, list, lockdownChannelsField, messageField, roleField, rolesField, text, toggle } from "../fields";
import { definePlugin } from "../types";
import { defaultMessage } from "../../templates/default-messages";

const when = (...triggers: string[]) => ({ neededWhen: { field: "trigger", is: triggers } });
const DOMAIN = inputText()
  .trim()
  .min(3)
  .max(253)
  .regex(/^(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)+$/i);

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
    /** The kill switch: every automod rule off at once, their settings kept. */
    automod_paused: toggle(false),
    lockdown_channel_ids: lockdownChannelsField(50, { freeMax: 10 }),
    lockdown_message: messageField(defaultMessage("moderator.lockdown_message"), { neededWhen: { field: "lockdown_channel_ids", is: "filled" } }),
  }),
  sections: [
    { id: "team", fields: ["log_channel_id", "moderator_role_ids", "mute_role_id", "dm_on_infraction"] },
    { id: "warnings", fields: ["mute_after_warnings", "ban_after_warnings", "default_mute_minutes"] },
    { id: "automod", fields: ["automod_paused"] },
    { id: "lockdown", fields: ["lockdown_channel_ids", "lockdown_message"] },
  ],
  collections: {
    // Automod rules (lib/moderation/automod/rules.ts matches messages with them).
    rules: {
      itemSchema: z.strictObject({
        name: text(60),
        enabled: toggle(true),
        trigger: z.enum(AUTOMOD_TRIGGERS).default("words"),
        words: list(inputText().trim().min(1).max(64), 500, { freeMax: 50, ...when("words") }),
        pattern: text(300, "", { ui: "regex", ...when("regex") }),
        allowed_domains: list(DOMAIN, 100),
        blocked_domains: list(DOMAIN, 100),
        caps_percent: integer(50, 100, 70),
        min_length: integer(1, 2000, 10),
        max_mentions: integer(2, 50, 5),
        max_emojis: integer(2, 100, 10),
        repeat_count: integer(2, 10, 3),
        attachment_types: list(
          inputText()
            .trim()
            .min(1)
            .max(10)
            .regex(/^\.?[a-z0-9]+$/i),
          50,
          when("attachments"),
        ),
        exempt_role_ids: rolesField(25),
        exempt_channel_ids: channelsField(50),
        exempt_category_ids: categoriesField(25),
        new_accounts_days: integer(0, 3650, 0),
        new_members_days: integer(0, 3650, 0),
        include_bots: toggle(false),
        actions: z.array(z.enum(AUTOMOD_ACTIONS)).min(1).max(AUTOMOD_ACTIONS.length).default(["delete"]),
        timeout_minutes: integer(1, 40_320, 10, { neededWhen: { field: "actions", is: ["timeout"] } }),
        alert_channel_id: channelField({ neededWhen: { field: "actions", is: ["alert"] } }),
      }),
      limits: { free: 5, premium: 25 },
      titleField: "name",
    },
  },
});
