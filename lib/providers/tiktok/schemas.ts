import { z } from "zod";
import { inputText } from "@/lib/validation/text";

// The parts of TikTok API v2 answers the adapter reads (developers.tiktok.com, Research API).

export const tiktokToken = z.object({ access_token: inputText().min(1), expires_in: z.number().positive() });

/** Every API v2 answer carries `error` (code "ok" on success). */
const errorStruct = z.object({ code: inputText(), message: inputText().optional() });

export const userInfoAnswer = z.object({
  data: z
    .object({
      display_name: inputText().optional(),
      avatar_url: inputText().optional(),
      follower_count: z.number().int().optional(),
    })
    .optional(),
  error: errorStruct,
});

const video = z.object({ id: z.union([inputText(), z.number()]), create_time: z.number(), username: inputText(), video_description: inputText().optional() });
export type TiktokVideo = z.output<typeof video>;

export const videoQueryAnswer = z.object({
  data: z
    .object({
      videos: z.array(video),
      /** The next page: send both back while `has_more`. */
      cursor: z.number().int().optional(),
      has_more: z.boolean().optional(),
      search_id: inputText().optional(),
    })
    .optional(),
  error: errorStruct,
});
