import { z } from "zod";
import { channelField, emojiField, inputText, integer, roleField, text } from "../fields";
import { definePlugin } from "../types";

export const economy = definePlugin({
  id: "economy",
  category: "fun",
  premium: false,
  icon: "coins",
  configSchema: z.strictObject({
    currency_name: text(32, "coins"),
    currency_emoji: emojiField("🪙"),
    starting_balance: integer(0, 1_000_000_000, 0),
    daily_reward: integer(0, 1_000_000, 100),
    work_reward: integer(0, 1_000_000, 50),
    work_cooldown_minutes: integer(1, 10_080, 60),
    message_reward: integer(0, 1000, 0),
    log_channel_id: channelField(),
  }),
  collections: {
    wares: {
      itemSchema: z.strictObject({
        name: inputText().min(1).max(64),
        price: z.number().int().min(0).max(1_000_000_000),
        description: text(256),
        role_id: roleField({ gives: true }),
        /** Left to sell; null for unlimited. Each purchase (the bot's ware_bought) takes one. */
        stock: z.number().int().min(0).max(1_000_000).nullable().default(null),
        /** Most times one member may buy it; null for no limit. */
        per_member_limit: z.number().int().min(1).max(1000).nullable().default(null),
      }),
      limits: { free: 5, premium: 100 },
      titleField: "name",
    },
  },
});
