import { z } from "zod";
import { channelsField, toggle } from "../fields";
import { definePlugin } from "../types";

/** How strictly the bot filters adult results, for the providers that can (YouTube, images): the providers' own levels. */
export const SAFE_SEARCH_LEVELS = ["off", "moderate", "strict"] as const;

export const search = definePlugin({
  id: "search",
  category: "utilities",
  premium: false,
  icon: "search",
  configSchema: z.strictObject({
    // The providers members may search, one switch each (the fixed list the bot knows).
    youtube_enabled: toggle(true),
    twitch_enabled: toggle(true),
    images_enabled: toggle(true),
    urban_enabled: toggle(false),
    anime_enabled: toggle(false),
    safe_search: z.enum(SAFE_SEARCH_LEVELS).default("moderate"),
    allowed_channel_ids: channelsField(25),
  }),
  sections: [
    { id: "providers", fields: ["youtube_enabled", "twitch_enabled", "images_enabled", "urban_enabled", "anime_enabled"] },
    { id: "filtering", fields: ["safe_search", "allowed_channel_ids"] },
  ],
  collections: {},
});
