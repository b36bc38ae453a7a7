import { z } from "zod";
import { channelField, channelsField, text, toggle, voiceChannelField } from "../fields";
import { definePlugin } from "../types";

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
    report_channel_id: channelField(),
    report_frequency: z.enum(["weekly", "monthly"]).default("weekly"),
    track_voice_activity: toggle(true),
    excluded_channel_ids: channelsField(50),
  }),
  collections: {},
});
