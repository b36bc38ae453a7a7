import { z } from "zod";
import { channelsField, toggle } from "../fields";
import { definePlugin } from "../types";

export const search = definePlugin({
  id: "search",
  category: "utilities",
  premium: false,
  icon: "search",
  configSchema: z.strictObject({
    youtube_enabled: toggle(true),
    twitch_enabled: toggle(true),
    images_enabled: toggle(true),
    urban_enabled: toggle(false),
    anime_enabled: toggle(false),
    safe_search: toggle(true),
    allowed_channel_ids: channelsField(25),
  }),
  collections: {},
});
