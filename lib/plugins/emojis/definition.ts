import { z } from "zod";
import { definePlugin } from "../types";

export const emojis = definePlugin({
  id: "emojis",
  category: "other",
  premium: false,
  icon: "emoji",
  // No settings: its page manages the server's emojis on the platform (lib/emojis/).
  configSchema: z.strictObject({}),
  collections: {},
});
