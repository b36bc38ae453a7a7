import { z } from "zod";
import { legacySource, sourceField, sourceNameField, integer, messageField, requiredChannelField, toggle, ONE_SOURCE_PER_CHANNEL, alertMessageField } from "../fields";
import { definePlugin } from "../types";
import { defaultMessage } from "../../templates/default-messages";

export const reddit = definePlugin({
  id: "reddit",
  category: "social",
  premium: false,
  icon: "reddit",
  configSchema: z.strictObject({
    default_message: messageField(defaultMessage("reddit.default_message"), { neededWhen: true }),
    show_images: toggle(true),
    include_nsfw: toggle(false),
    min_upvotes: integer(0, 100_000, 0),
  }),
  collections: {
    subreddits: {
      itemSchema: z.strictObject({
        source_id: sourceField("reddit"),
        source_name: sourceNameField(),
        channel_id: requiredChannelField(),
        message: alertMessageField(),
      }),
      limits: { free: 3, premium: 50 },
      titleField: "source_name",
      unique: [ONE_SOURCE_PER_CHANNEL],
      upgrade: legacySource("subreddit"),
    },
  },
});
