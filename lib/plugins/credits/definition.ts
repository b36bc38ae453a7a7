import { z } from "zod";
import { channelField, integer, list, toggle } from "../fields";
import { definePlugin } from "../types";

export const AD_CATEGORIES = ["gaming", "music", "technology", "education", "entertainment", "lifestyle"] as const;

export const credits = definePlugin({
  id: "credits",
  category: "other",
  premium: false,
  icon: "credit",
  configSchema: z.strictObject({
    ads_enabled: toggle(false),
    ads_channel_id: channelField({ neededWhen: { field: "ads_enabled", is: true } }),
    ads_per_day: integer(1, 24, 3),
    ad_categories: list(z.enum(AD_CATEGORIES), AD_CATEGORIES.length),
    low_balance_alert: toggle(true),
  }),
  collections: {},
});
