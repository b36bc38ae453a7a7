import { z } from "zod";
import { issue } from "../../validation/issues";
import { channelField, integer, roleField, toggle, url, voiceChannelField } from "../fields";
import { definePlugin, type FieldMeta } from "../types";
import { isPlaylistUrl } from "./playlist-url";

export const BLINDTEST_PLAYLISTS = ["top_hits", "80s", "90s", "2000s", "rock", "rap", "anime", "video_games"] as const;

/** "" for a preset playlist, or a Spotify, Deezer or YouTube playlist link (premium). */
const playlistUrlField = () =>
  z
    .union([url.refine(isPlaylistUrl, issue("invalid_playlist_url")), z.literal("")])
    .default("")
    .meta({ ui: "url", premium: true } satisfies FieldMeta);

export const blindtest = definePlugin({
  id: "blindtest",
  category: "fun",
  premium: false,
  icon: "headphones",
  configSchema: z.strictObject({
    // Guesses are typed there: a game cannot start without it.
    game_channel_id: channelField({ neededWhen: true }),
    voice_channel_id: voiceChannelField(),
    playlist: z.enum(BLINDTEST_PLAYLISTS).default("top_hits"),
    custom_playlist_url: playlistUrlField(),
    rounds: integer(1, 50, 10),
    guess_seconds: integer(10, 120, 30),
    lenient_answers: toggle(true),
    // Scoring: each correct guess earns points_per_answer; the first correct guess of a round
    // earns speed_bonus more (0: no bonus). The most points after the last round wins.
    points_per_answer: integer(1, 100, 1),
    speed_bonus: integer(0, 100, 0),
    winner_role_id: roleField({ gives: true }),
  }),
  sections: [
    { id: "channels", fields: ["game_channel_id", "voice_channel_id"] },
    { id: "music", fields: ["playlist", "custom_playlist_url"] },
    { id: "game", fields: ["rounds", "guess_seconds", "lenient_answers"] },
    { id: "scoring", fields: ["points_per_answer", "speed_bonus", "winner_role_id"] },
  ],
  collections: {},
});
