import { z } from "zod";

// The parts of TikTok API v2 answers the adapter reads (developers.tiktok.com, Research API).

export const tiktokToken = z.object({ access_token: z.string().min(1), expires_in: z.number().positive() });

/** Every API v2 answer carries `error` (code "ok" on success). */
const errorStruct = z.object({ code: z.string(), message: z.string().optional() });

export const userInfoAnswer = z.object({
  data: z
    .object({
      display_name: z.string().optional(),
      avatar_url: z.string().optional(),
      follower_count: z.number().int().optional(),
    })
    .optional(),
  error: errorStruct,
});

export const videoQueryAnswer = z.object({
  data: z
    .object({
      videos: z.array(z.object({ id: z.union([z.string(), z.number()]), create_time: z.number(), username: z.string(), video_description: z.string().optional() })),
    })
    .optional(),
  error: errorStruct,
});
