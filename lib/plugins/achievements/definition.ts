import { z } from "zod";
import { defaultMessage } from "../../templates/default-messages";
import { channelField, emojiField, imageField, inputText, messageField, roleField, text, toggle } from "../fields";
import { definePlugin, type FieldMeta } from "../types";

/** What earns a trophy: a count reaching `threshold`, or (role_held) holding `required_role_id`. */
export const TROPHY_CONDITIONS = ["messages_sent", "voice_minutes", "level_reached", "role_held", "days_in_server", "invites", "reactions_added"] as const;

/** The conditions that count up to a threshold. */
const COUNTED_CONDITIONS = TROPHY_CONDITIONS.filter((condition) => condition !== "role_held");

/** The icon of a trophy with neither an emoji nor an image; also a new trophy's emoji. */
export const TROPHY_FALLBACK_ICON = "🏆";

export const achievements = definePlugin({
  id: "achievements",
  category: "other",
  premium: false,
  icon: "award",
  configSchema: z.strictObject({
    announcement_channel_id: channelField(),
    announcement_message: messageField(defaultMessage("achievements.announcement_message"), { neededWhen: true }),
    dm_member: toggle(false),
    show_on_rank_card: toggle(true),
  }),
  collections: {
    trophies: {
      itemSchema: z.strictObject({
        name: inputText().min(1).max(64),
        description: text(256),
        // The trophy's icon: an emoji, an image of the guild's uploads, both or neither; neither is
        // required, so clearing one never blocks a save. The image wins where both are set (the emoji
        // is kept for places that can only show text), and with neither TROPHY_FALLBACK_ICON is shown.
        emoji: emojiField(TROPHY_FALLBACK_ICON),
        icon_image: imageField(),
        condition: z.enum(TROPHY_CONDITIONS),
        // How many messages, minutes, levels…: every condition counts something but role_held.
        threshold: z
          .number()
          .int()
          .min(1)
          .max(1_000_000)
          .nullable()
          .default(null)
          .meta({ neededWhen: { field: "condition", is: COUNTED_CONDITIONS } } satisfies FieldMeta),
        // Only read by role_held; any role may be the one members hold (the bot does not give it).
        required_role_id: roleField({ neededWhen: { field: "condition", is: ["role_held"] } }),
        reward_role_id: roleField({ gives: true }),
      }),
      limits: { free: 10, premium: 100 },
      titleField: "name",
    },
  },
});
