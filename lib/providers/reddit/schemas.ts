import { z } from "zod";
import { inputText } from "@/lib/validation/text";

// The parts of Reddit's answers the adapter reads (https://www.reddit.com/dev/api).

export const redditToken = z.object({ access_token: inputText().min(1), expires_in: z.number().positive() });

export const subredditData = z.object({
  name: inputText().regex(/^t5_[a-z0-9]+$/),
  display_name: inputText().min(1),
  display_name_prefixed: inputText(),
  title: inputText().nullish(),
  subscribers: z.number().int().nullish(),
  icon_img: inputText().nullish(),
  community_icon: inputText().nullish(),
  over18: z.boolean().nullish(),
  url: inputText(),
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

export type RedditPost = z.output<typeof postListing>["data"]["children"][number]["data"];

export const postListing = z.object({
  kind: z.literal("Listing"),
  data: z.object({
    children: z.array(
      z.object({
        kind: z.literal("t3"),
        data: z.object({
          /** The post's fullname (t3_…): its key. */
          name: inputText().regex(/^t3_[a-z0-9]+$/),
          title: inputText(),
          author: inputText(),
          permalink: inputText().startsWith("/"),
          created_utc: z.number(),
          subreddit_name_prefixed: inputText(),
        }),
      }),
    ),
  }),
});
