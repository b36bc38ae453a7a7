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
        name: inputText().min(1, "give the timer a name").max(64, "must be at most 64 characters"),
        channel_id: requiredChannelField(),
        message: requiredMessageField(),
        interval_minutes: z
          .number("must be a number of minutes")
          .int("must be a whole number of minutes")
          .min(MIN_INTERVAL_MINUTES, `must be at least ${MIN_INTERVAL_MINUTES} minutes`)
          .max(MAX_INTERVAL_MINUTES, `must be at most ${MAX_INTERVAL_MINUTES} minutes (7 days)`)
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
