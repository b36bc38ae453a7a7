import { z } from "zod";

// The parts of Reddit's answers the adapter reads (https://www.reddit.com/dev/api).

export const redditToken = z.object({ access_token: z.string().min(1), expires_in: z.number().positive() });

export const subredditData = z.object({
  name: z.string().regex(/^t5_[a-z0-9]+$/),
  display_name: z.string().min(1),
  display_name_prefixed: z.string(),
  title: z.string().nullish(),
  subscribers: z.number().int().nullish(),
  icon_img: z.string().nullish(),
  community_icon: z.string().nullish(),
  over18: z.boolean().nullish(),
  url: z.string(),
});
export type SubredditData = z.infer<typeof subredditData>;

const subredditThing = z.object({ kind: z.literal("t5"), data: subredditData });

/** /r/{name}/about: the subreddit, or (for some unknown names) a Listing instead. */
export const aboutAnswer = z.union([subredditThing, z.object({ kind: z.literal("Listing") })]);

export const subredditListing = z.object({
  kind: z.literal("Listing"),
  data: z.object({ children: z.array(z.unknown()) }),
});
export { subredditThing };

export const postListing = z.object({
  kind: z.literal("Listing"),
  data: z.object({
    children: z.array(
      z.object({
        kind: z.literal("t3"),
        data: z.object({
          title: z.string(),
          author: z.string(),
          permalink: z.string().startsWith("/"),
          created_utc: z.number(),
          subreddit_name_prefixed: z.string(),
        }),
      }),
    ),
  }),
});
