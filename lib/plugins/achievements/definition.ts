import { z } from "zod";
import { channelField, emojiField, inputText, messageField, roleField, text, toggle } from "../fields";
import { definePlugin } from "../types";
import { defaultMessage } from "../../templates/default-messages";

export const TROPHY_CONDITIONS = ["messages_sent", "voice_minutes", "level_reached", "days_in_server", "invites", "reactions_added"] as const;

export const achievements = definePlugin({
  id: "achievements",
  category: "other",
  premium: false,
  icon: "award",
  configSchema: z.strictObject({
    announcement_channel_id: channelField(),
    announcement_message: messageField(defaultMessage("achievements.announcement_message")),
    dm_member: toggle(false),
    show_on_rank_card: toggle(true),
  }),
  collections: {
    trophies: {
      itemSchema: z.strictObject({
        name: inputText().min(1).max(64),
        description: text(256),
        emoji: emojiField("🏆"),
        condition: z.enum(TROPHY_CONDITIONS),
        threshold: z.number().int().min(1).max(1_000_000),
        reward_role_id: roleField({ gives: true }),
      }),
      limits: { free: 10, premium: 100 },
      titleField: "name",
    },
  },
});
