import { z } from "zod";
import { inputText } from "@/lib/validation/text";

// The parts of Helix's answers the adapter reads (https://dev.twitch.tv/docs/api/reference).

export const searchChannelsAnswer = z.object({
  data: z.array(
    z.object({
      id: inputText().min(1),
      broadcaster_login: inputText().min(1),
      display_name: inputText(),
      thumbnail_url: inputText(),
      is_live: z.boolean(),
      game_name: inputText(),
      title: inputText(),
    }),
  ),
});

export const helixUser = z.object({
  id: inputText().min(1),
  login: inputText().min(1),
  display_name: inputText(),
  profile_image_url: inputText(),
  offline_image_url: inputText(),
});
export type HelixUser = z.output<typeof helixUser>;
export const usersAnswer = z.object({ data: z.array(helixUser) });

export const followersAnswer = z.object({ total: z.number().int().nonnegative() });

export const helixStream = z.object({
  /** The stream's id: a new one each time the broadcaster goes live. */
  id: inputText().min(1),
  user_id: inputText(),
  user_login: inputText(),
  user_name: inputText(),
  game_name: inputText(),
  type: inputText(),
  title: inputText(),
  viewer_count: z.number().int().nonnegative(),
  started_at: inputText(),
  thumbnail_url: inputText(),
});
export type HelixStream = z.output<typeof helixStream>;
export const streamsAnswer = z.object({ data: z.array(helixStream) });

export const channelsAnswer = z.object({
  data: z.array(z.object({ broadcaster_id: inputText(), broadcaster_login: inputText(), broadcaster_name: inputText(), game_name: inputText(), title: inputText() })),
});
