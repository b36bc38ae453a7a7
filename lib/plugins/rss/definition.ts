import { z } from "zod";
import { legacySource, sourceField, sourceNameField, integer, messageField, requiredChannelField, toggle, ONE_SOURCE_PER_CHANNEL, alertMessageField } from "../fields";
import { definePlugin } from "../types";
import { defaultMessage } from "../../templates/default-messages";

export const rss = definePlugin({
  id: "rss",
  category: "social",
  premium: false,
  icon: "rss",
  configSchema: z.strictObject({
    default_message: messageField(defaultMessage("rss.default_message"), { neededWhen: true }),
    include_summary: toggle(true),
    show_images: toggle(true),
    max_posts_per_check: integer(1, 10, 3),
    check_interval_minutes: integer(5, 1440, 30, { premium: true }),
  }),
  collections: {
    subscriptions: {
      itemSchema: z.strictObject({
        source_id: sourceField("rss"),
        source_name: sourceNameField(),
        channel_id: requiredChannelField(),
        message: alertMessageField(),
      }),
      limits: { free: 3, premium: 100 },
      titleField: "source_name",
      unique: [ONE_SOURCE_PER_CHANNEL],
      upgrade: legacySource("url"),
    },
  },
});
