import { z } from "zod";
import { definePlugin } from "../types";

/** The topics an advertisement is filed under (POST …/send_advertisement). */
export const AD_CATEGORIES = ["gaming", "music", "technology", "education", "entertainment", "lifestyle"] as const;

// The Credits page is the guild's balance, its ledger and the advertisement form
// (lib/plugins/credits/server.ts): there is nothing to configure.
export const credits = definePlugin({
  id: "credits",
  category: "other",
  premium: false,
  icon: "credit",
  configSchema: z.strictObject({}),
  collections: {},
});
