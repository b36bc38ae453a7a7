import { z } from "zod";
import { definePlugin } from "../types";

export const webhooks = definePlugin({
  id: "webhooks",
  category: "other",
  premium: false,
  icon: "webhook",
  // No settings: its page manages the server's webhooks on the platform (lib/webhooks/).
  configSchema: z.strictObject({}),
  collections: {},
});
