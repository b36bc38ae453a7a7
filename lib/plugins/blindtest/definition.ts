import { z } from "zod";
import { channelField, integer, roleField, toggle, urlField, voiceChannelField } from "../fields";
import { definePlugin } from "../types";

export const BLINDTEST_PLAYLISTS = ["top_hits", "80s", "90s", "2000s", "rock", "rap", "anime", "video_games"] as const;

export const blindtest = definePlugin({
  id: "blindtest",
  category: "fun",
  premium: false,
  icon: "headphones",
  configSchema: z.strictObject({
    game_channel_id: channelField(),
    voice_channel_id: voiceChannelField(),
    playlist: z.enum(BLINDTEST_PLAYLISTS).default("top_hits"),
    custom_playlist_url: urlField({ premium: true }),
    rounds: integer(1, 50, 10),
    guess_seconds: integer(10, 120, 30),
    lenient_answers: toggle(true),
    winner_role_id: roleField({ gives: true }),
  }),
  collections: {},
});
