import { z } from "zod";
import { definePlugin } from "../types";

// The custom bot's settings are the bot's own (lib/custom-bot/: token, status, presence,
// backstory, set through its routes and page), not a config: this plugin's state only follows it,
// on while the bot is active (ownSwitch), so the overview and the bot's config feed show it.

export const customBot = definePlugin({
  id: "custom_bot",
  category: "other",
  premium: true,
  entitlement: "custom_bot",
  ownSwitch: true,
  icon: "bot",
  configSchema: z.strictObject({}),
  collections: {},
});
