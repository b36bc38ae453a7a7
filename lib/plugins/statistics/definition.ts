import { z } from "zod";
import { channelsField, text, voiceChannelField } from "../fields";
import { definePlugin } from "../types";

// Counter channels (lib/plugins/statistics/counters.ts renames them) and what the bot counts for
// the charts (lib/plugins/statistics/activity.ts): excluded_channel_ids are the channels whose
// messages the bot leaves out of messages_counted (the bot reads it from its config).
export const statistics = definePlugin({
  id: "statistics",
  category: "utilities",
  premium: true,
  icon: "chart",
  configSchema: z.strictObject({
    members_counter_channel_id: voiceChannelField(),
    members_counter_format: text(100, "Members: {server.member_count}", { neededWhen: { field: "members_counter_channel_id", is: "filled" } }),
    online_counter_channel_id: voiceChannelField(),
    online_counter_format: text(100, "Online: {count}", { neededWhen: { field: "online_counter_channel_id", is: "filled" } }),
    boosts_counter_channel_id: voiceChannelField(),
    boosts_counter_format: text(100, "Boosts: {count}", { neededWhen: { field: "boosts_counter_channel_id", is: "filled" } }),
    excluded_channel_ids: channelsField(50),
  }),
  collections: {},
});
