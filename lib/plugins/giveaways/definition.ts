import { z } from "zod";
import { colorField, emojiField, inputText, integer, mentionableRoleField, messageField, requiredChannelField, requiredDateTimeField, requiredRoleField, rolesField, toggle } from "../fields";
import { definePlugin } from "../types";
import { defaultMessage } from "../../templates/default-messages";

export const giveaways = definePlugin({
  id: "giveaways",
  category: "fun",
  premium: false,
  icon: "gift",
  configSchema: z.strictObject({
    manager_role_ids: rolesField(10),
    entry_emoji: emojiField("🎉"),
    ping_role_id: mentionableRoleField(),
    winner_message: messageField(defaultMessage("giveaways.winner_message"), { neededWhen: true }),
    dm_winners: toggle(true),
    embed_color: colorField(),
  }),
  collections: {
    giveaways: {
      itemSchema: z.strictObject({
        prize: inputText().min(1).max(256),
        winners: integer(1, 50, 1),
        ends_at: requiredDateTimeField({ future: true }),
        channel_id: requiredChannelField(),
        required_role_ids: rolesField(10),
        /** Extra entries for members holding a role, counted when they enter (lib/plugins/giveaways/draw.ts). */
        bonus_entries: z
          .array(z.strictObject({ role_id: requiredRoleField(), entries: integer(1, 100, 1) }))
          .max(10)
          .default([]),
      }),
      limits: { free: 3, premium: 50 },
      titleField: "prize",
    },
  },
});
