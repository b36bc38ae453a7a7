import { z } from "zod";
import { categoryChannelField, channelField, inputText, integer, messageField, requiredChannelField, rolesField, text, textareaField, toggle } from "../fields";
import { definePlugin } from "../types";
import { defaultMessage } from "../../templates/default-messages";

export const ticketing = definePlugin({
  id: "ticketing",
  category: "other",
  premium: false,
  icon: "ticket",
  configSchema: z.strictObject({
    category_id: categoryChannelField(),
    log_channel_id: channelField(),
    support_role_ids: rolesField(10),
    name_template: text(100, "ticket-{user.name}", { neededWhen: true }),
    open_message: messageField(defaultMessage("ticketing.open_message"), { neededWhen: true }),
    max_open_per_member: integer(1, 10, 1),
    auto_close_hours: integer(0, 720, 0),
    transcripts: toggle(false, { premium: true }),
  }),
  collections: {
    panels: {
      itemSchema: z.strictObject({
        title: inputText().min(1).max(256),
        description: textareaField(4096, "Click the button below to open a ticket."),
        channel_id: requiredChannelField(),
        category_id: categoryChannelField(),
        support_role_ids: rolesField(10),
        button_label: inputText().min(1).max(80).default("Open a ticket"),
      }),
      limits: { free: 1, premium: 20 },
      titleField: "title",
    },
  },
});
