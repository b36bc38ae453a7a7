import { z } from "zod";

// The parts of Helix's answers the adapter reads (https://dev.twitch.tv/docs/api/reference).

export const searchChannelsAnswer = z.object({
  data: z.array(
    z.object({
      id: z.string().min(1),
      broadcaster_login: z.string().min(1),
      display_name: z.string(),
      thumbnail_url: z.string(),
      is_live: z.boolean(),
      game_name: z.string(),
      title: z.string(),
    }),
  ),
});

export const helixUser = z.object({
  id: z.string().min(1),
  login: z.string().min(1),
  display_name: z.string(),
  profile_image_url: z.string(),
  offline_image_url: z.string(),
});
export type HelixUser = z.output<typeof helixUser>;
export const usersAnswer = z.object({ data: z.array(helixUser) });

export const followersAnswer = z.object({ total: z.number().int().nonnegative() });

export const helixStream = z.object({
  user_id: z.string(),
  user_login: z.string(),
  user_name: z.string(),
  game_name: z.string(),
  type: z.string(),
  title: z.string(),
  viewer_count: z.number().int().nonnegative(),
  started_at: z.string(),
  thumbnail_url: z.string(),
});
export const streamsAnswer = z.object({ data: z.array(helixStream) });

export const channelsAnswer = z.object({
  data: z.array(z.object({ broadcaster_id: z.string(), broadcaster_login: z.string(), broadcaster_name: z.string(), game_name: z.string(), title: z.string() })),
});
