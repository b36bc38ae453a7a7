import { z } from "zod";
import { channelsField, text, toggle, urlField } from "../fields";
import { definePlugin } from "../types";

// The bot token is sent once to enable-custom-bot and never stored in the plugin config.
export const PRESENCE_STATUSES = ["online", "idle", "dnd", "invisible"] as const;
export const PRESENCE_ACTIVITY_TYPES = ["playing", "streaming", "listening", "watching", "competing", "custom"] as const;

export const customBot = definePlugin({
  id: "custom_bot",
  category: "other",
  premium: true,
  icon: "bot",
  configSchema: z.strictObject({
    presence_status: z.enum(PRESENCE_STATUSES).default("online"),
    presence_activity_type: z.enum(PRESENCE_ACTIVITY_TYPES).default("playing"),
    presence_activity_name: text(128),
    presence_activity_url: urlField({ neededWhen: { field: "presence_activity_type", is: ["streaming"] } }),
    backstory_enabled: toggle(false),
    backstory_channel_ids: channelsField(25),
  }),
  collections: {},
});
