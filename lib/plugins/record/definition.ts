import { z } from "zod";
import { channelField, integer, rolesField, toggle } from "../fields";
import { definePlugin } from "../types";

export const record = definePlugin({
  id: "record",
  category: "utilities",
  premium: true,
  icon: "mic",
  configSchema: z.strictObject({
    allowed_role_ids: rolesField(25),
    announce_channel_id: channelField(),
    format: z.enum(["mp3", "wav", "flac"]).default("mp3"),
    separate_tracks: toggle(true),
    max_duration_minutes: integer(1, 240, 60),
    leave_when_alone: toggle(true),
    retention_days: integer(1, 30, 7),
  }),
  collections: {},
});
