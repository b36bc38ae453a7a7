import { z } from "zod";

// The parts of Kick's public API answers the adapter reads (https://docs.kick.com).

const category = z.object({ name: z.string() });

export const kickChannel = z.object({
  broadcaster_user_id: z.number().int().positive(),
  slug: z.string().min(1),
  category: category.nullable(),
  stream: z.object({ is_live: z.boolean(), thumbnail: z.string(), viewer_count: z.number().int().nonnegative() }).nullable(),
  stream_title: z.string(),
});
export type KickChannel = z.output<typeof kickChannel>;
export const channelsAnswer = z.object({ data: z.array(kickChannel) });

export const usersAnswer = z.object({ data: z.array(z.object({ user_id: z.number().int().positive(), name: z.string(), profile_picture: z.string() })) });

export const livestreamsAnswer = z.object({
  data: z.array(
    z.object({
      broadcaster_user_id: z.number().int().positive(),
      slug: z.string(),
      stream_title: z.string(),
      category: category.nullable(),
      thumbnail: z.string(),
      viewer_count: z.number().int().nonnegative(),
      started_at: z.string(),
    }),
  ),
});
