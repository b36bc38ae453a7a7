import { z } from "zod";
import { colorField, integer, requiredChannelField, requiredMessageField, toggle } from "../fields";
import { definePlugin } from "../types";

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
        name: z.string().min(1).max(64),
        channel_id: requiredChannelField(),
        message: requiredMessageField(),
        interval_minutes: integer(10, 10_080, 60),
        enabled: toggle(true),
      }),
      limits: { free: 2, premium: 20 },
      titleField: "name",
    },
  },
});
