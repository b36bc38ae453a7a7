import { z } from "zod";
import { channelField, text, toggle, urlField } from "../fields";
import { definePlugin } from "../types";

export const webhooks = definePlugin({
  id: "webhooks",
  category: "other",
  premium: false,
  icon: "webhook",
  configSchema: z.strictObject({
    default_channel_id: channelField(),
    username: text(80),
    avatar_url: urlField(),
    allow_mentions: toggle(false),
    log_channel_id: channelField(),
  }),
  collections: {},
});
