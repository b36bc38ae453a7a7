import { z } from "zod";
import { channelsField, integer, rolesField, toggle } from "../fields";
import { definePlugin } from "../types";

export const music = definePlugin({
  id: "music",
  category: "fun",
  premium: false,
  icon: "music",
  configSchema: z.strictObject({
    dj_role_ids: rolesField(10),
    command_channel_ids: channelsField(25),
    default_volume: integer(1, 100, 50),
    max_queue_length: integer(1, 500, 100),
    max_song_minutes: integer(1, 720, 60),
    announce_songs: toggle(true),
    idle_timeout_minutes: integer(1, 60, 5),
    always_on: toggle(false, { premium: true }),
  }),
  collections: {},
});
