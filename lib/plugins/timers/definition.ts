import { z } from "zod";
import { colorField, inputText, integer, requiredChannelField, requiredMessageField, toggle } from "../fields";
import { definePlugin } from "../types";

/** How often a timer may post: every 10 minutes at most, once a week at least. */
export const MIN_INTERVAL_MINUTES = 10;
export const MAX_INTERVAL_MINUTES = 10_080;

export const timers = definePlugin({
  id: "timers",
  category: "utilities",
  premium: false,
  icon: "clock",
  configSchema: z.strictObject({
    skip_if_inactive: toggle(true),
    min_messages_between: integer(0, 1000, 0),
    use_embeds: toggle(false),
    embed_color: colorField(),
  }),
  collections: {
    timers: {
      itemSchema: z.strictObject({
        name: inputText().min(1).max(64),
        channel_id: requiredChannelField(),
        message: requiredMessageField(),
        interval_minutes: z
          .number()
          .int()
          .min(MIN_INTERVAL_MINUTES)
          .max(MAX_INTERVAL_MINUTES)
          .default(60),
        enabled: toggle(true),
      }),
      limits: { free: 2, premium: 20 },
      titleField: "name",
      // Spec 7 addresses timers as /plugins/timers/{guildId} and /plugins/timers/{guild}/{timer}.
      path: "/timers/:guildId",
      actions: [{ id: "preview", path: "preview" }],
    },
  },
});
