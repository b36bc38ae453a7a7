import { z } from "zod";
import { channelField, inputText, integer, messageField, roleField, rolesField, toggle } from "../fields";
import { definePlugin } from "../types";

export const AUTOMATION_TRIGGERS = ["member_join", "member_leave", "message_sent", "reaction_added", "role_added", "role_removed", "voice_join"] as const;
export const AUTOMATION_ACTIONS = ["send_message", "send_dm", "add_role", "remove_role", "delete_message"] as const;

export const automations = definePlugin({
  id: "automations",
  category: "other",
  premium: false,
  icon: "zap",
  configSchema: z.strictObject({
    log_channel_id: channelField(),
    ignore_bots: toggle(true),
    exempt_role_ids: rolesField(25),
    max_runs_per_minute: integer(1, 120, 20),
  }),
  collections: {
    automations: {
      itemSchema: z.strictObject({
        name: inputText().min(1).max(100),
        trigger: z.enum(AUTOMATION_TRIGGERS),
        action: z.enum(AUTOMATION_ACTIONS),
        channel_id: channelField({ neededWhen: { field: "action", is: ["send_message"] } }),
        role_id: roleField({ gives: true, neededWhen: { field: "action", is: ["add_role", "remove_role"] } }),
        message: messageField("", { neededWhen: { field: "action", is: ["send_message", "send_dm"] } }),
        enabled: toggle(true),
      }),
      limits: { free: 3, premium: 50 },
      titleField: "name",
    },
  },
});
