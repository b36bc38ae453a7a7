import { z } from "zod";

// The parts of the YouTube Data API v3 answers the adapter reads
// (https://developers.google.com/youtube/v3/docs).

const thumbnails = z.record(z.string(), z.object({ url: z.string() }));

export const searchAnswer = z.object({
  kind: z.literal("youtube#searchListResponse"),
  items: z.array(z.object({ id: z.object({ kind: z.string(), channelId: z.string().optional() }) })).default([]),
});

export const youtubeChannel = z.object({
  id: z.string().min(1),
  snippet: z.object({ title: z.string(), customUrl: z.string().optional(), thumbnails }),
  statistics: z.object({ subscriberCount: z.string().regex(/^\d+$/).optional(), hiddenSubscriberCount: z.boolean() }).optional(),
  contentDetails: z.object({ relatedPlaylists: z.object({ uploads: z.string().optional() }) }).optional(),
});
export type YoutubeChannel = z.output<typeof youtubeChannel>;
/** Google leaves out `items` when no channel matched. */
export const channelsAnswer = z.object({ kind: z.literal("youtube#channelListResponse"), items: z.array(youtubeChannel).default([]) });

export const playlistItemsAnswer = z.object({
  kind: z.literal("youtube#playlistItemListResponse"),
  items: z
    .array(
      z.object({
        snippet: z.object({
          publishedAt: z.string(),
          title: z.string(),
          channelTitle: z.string(),
          thumbnails,
          resourceId: z.object({ videoId: z.string().min(1) }),
        }),
      }),
    )
    .default([]),
});

export const googleErrorAnswer = z.object({
  error: z.object({
    code: z.number(),
    message: z.string(),
    errors: z.array(z.object({ reason: z.string() })).default([]),
    details: z.array(z.object({ reason: z.string().optional() })).optional(),
  }),
});
