import { z } from "zod";
import { inputText } from "@/lib/validation/text";

// The parts of Kick's public API answers the adapter reads (https://docs.kick.com).

const category = z.object({ name: inputText() });

export const kickChannel = z.object({
  broadcaster_user_id: z.number().int().positive(),
  slug: inputText().min(1),
  category: category.nullable(),
  /** `start_time` tells one live session from the next (the public API gives streams no id). */
  stream: z.object({ is_live: z.boolean(), start_time: inputText(), thumbnail: inputText(), viewer_count: z.number().int().nonnegative() }).nullable(),
  stream_title: inputText(),
});
export type KickChannel = z.output<typeof kickChannel>;
export const channelsAnswer = z.object({ data: z.array(kickChannel) });

export const usersAnswer = z.object({ data: z.array(z.object({ user_id: z.number().int().positive(), name: inputText(), profile_picture: inputText() })) });

export const livestreamsAnswer = z.object({
  data: z.array(
    z.object({
      broadcaster_user_id: z.number().int().positive(),
      slug: inputText(),
      stream_title: inputText(),
      category: category.nullable(),
      thumbnail: inputText(),
      viewer_count: z.number().int().nonnegative(),
      started_at: inputText(),
    }),
  ),
});
