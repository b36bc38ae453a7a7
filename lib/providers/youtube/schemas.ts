import { z } from "zod";
import { inputText } from "@/lib/validation/text";

// The parts of the YouTube Data API v3 answers the adapter reads
// (https://developers.google.com/youtube/v3/docs).

const thumbnails = z.record(inputText(), z.object({ url: inputText() }));

export const searchAnswer = z.object({
  kind: z.literal("youtube#searchListResponse"),
  items: z.array(z.object({ id: z.object({ kind: inputText(), channelId: inputText().optional() }) })).default([]),
});

export const youtubeChannel = z.object({
  id: inputText().min(1),
  snippet: z.object({ title: inputText(), customUrl: inputText().optional(), thumbnails }),
  statistics: z.object({ subscriberCount: inputText().regex(/^\d+$/).optional(), hiddenSubscriberCount: z.boolean() }).optional(),
  contentDetails: z.object({ relatedPlaylists: z.object({ uploads: inputText().optional() }) }).optional(),
});
export type YoutubeChannel = z.output<typeof youtubeChannel>;
/** Google leaves out `items` when no channel matched. */
export const channelsAnswer = z.object({ kind: z.literal("youtube#channelListResponse"), items: z.array(youtubeChannel).default([]) });

const playlistVideo = z.object({
  publishedAt: inputText(),
  title: inputText(),
  channelTitle: inputText(),
  thumbnails,
  resourceId: z.object({ videoId: inputText().min(1) }),
});
export type PlaylistVideo = z.output<typeof playlistVideo>;

export const playlistItemsAnswer = z.object({
  kind: z.literal("youtube#playlistItemListResponse"),
  items: z.array(z.object({ snippet: playlistVideo })).default([]),
});

export const googleErrorAnswer = z.object({
  error: z.object({
    code: z.number(),
    message: inputText(),
    errors: z.array(z.object({ reason: inputText() })).default([]),
    details: z.array(z.object({ reason: inputText().optional() })).optional(),
  }),
});
