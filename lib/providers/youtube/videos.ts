import "server-only";
import { z } from "zod";
import { inputText } from "@/lib/validation/text";
import { bestThumbnail } from "./adapter";
import { youtubeGet } from "./data-api";
import { isoDurationSeconds } from "./iso-duration";

// Videos through the Data API v3, for the music player: search.list finds them (ids only), and
// videos.list gives what search leaves out, the length (contentDetails.duration).

/** Google's category "Music". */
const MUSIC_CATEGORY = "10";

export type YoutubeVideo = {
  id: string;
  title: string;
  channel: string;
  thumbnail: string | null;
  /** Null for a live stream (P0D), which has no length. */
  seconds: number | null;
};

const thumbnails = z.record(inputText(), z.object({ url: inputText() }));

const videoSearchAnswer = z.object({
  kind: z.literal("youtube#searchListResponse"),
  items: z.array(z.object({ id: z.object({ kind: inputText(), videoId: inputText().optional() }) })).default([]),
});

const videosAnswer = z.object({
  kind: z.literal("youtube#videoListResponse"),
  items: z
    .array(
      z.object({
        id: inputText().min(1),
        snippet: z.object({ title: inputText(), channelTitle: inputText(), thumbnails, liveBroadcastContent: inputText().optional() }),
        contentDetails: z.object({ duration: inputText() }),
      }),
    )
    .default([]),
});

export const videoUrl = (id: string) => `https://www.youtube.com/watch?v=${id}`;

/** Music videos matching `query`, in Google's order, with their lengths (upcoming premieres left out: nothing to play yet). */
export async function searchMusicVideos(query: string, limit: number): Promise<YoutubeVideo[]> {
  const { items } = await youtubeGet("search", { part: "snippet", type: "video", videoCategoryId: MUSIC_CATEGORY, q: query, maxResults: String(limit) }, videoSearchAnswer);
  const ids = items.flatMap((item) => (item.id.videoId ? [item.id.videoId] : []));
  return videosById(ids);
}

/** The videos with these ids that exist, in the order asked. */
export async function videosById(ids: string[]): Promise<YoutubeVideo[]> {
  if (ids.length === 0) return [];
  const { items } = await youtubeGet("videos", { part: "snippet,contentDetails", id: ids.join(","), maxResults: String(ids.length) }, videosAnswer);
  const byId = new Map(items.filter((item) => item.snippet.liveBroadcastContent !== "upcoming").map((item) => [item.id, item]));
  return ids.flatMap((id) => {
    const item = byId.get(id);
    if (!item) return [];
    const seconds = isoDurationSeconds(item.contentDetails.duration);
    return [{ id, title: item.snippet.title, channel: item.snippet.channelTitle, thumbnail: bestThumbnail(item.snippet.thumbnails), seconds: seconds ? seconds : null }];
  });
}
