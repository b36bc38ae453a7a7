import "server-only";
import { getEnv } from "@/lib/env";
import { fieldsError } from "@/lib/http/api-error";
import { LOOKUP_POLICY, SEARCH_POLICY, providerCached } from "@/lib/providers/cache";
import { ProviderError } from "@/lib/providers/errors";
import { searchMusicVideos, videosById, videoUrl, type YoutubeVideo } from "@/lib/providers/youtube/videos";
import { fieldIssue } from "@/lib/validation/server-messages";
import { asUrl, musicLink, type MusicLink } from "./links";
import { oembedTrack } from "./oembed";
import type { FoundTrack } from "./state";

// Where the player's tracks come from: search is YouTube's (the Data API v3 adapter of the
// social alerts, with its key, quota and pauses); a pasted link is resolved by its host's oEmbed,
// which needs no key. Both are cached like every provider answer.

const SEARCH_LIMIT = 10;
const MAX_TEXT = 300;

/**
 * Tracks for what was typed in the search box: YouTube's music videos, or, for a pasted link,
 * the one track behind it (none when its host does not know it).
 */
export async function searchTracks(query: string): Promise<FoundTrack[]> {
  if (asUrl(query)) {
    const track = await trackByLink(query, "q");
    return track ? [track] : [];
  }
  const videos = await providerCached(`music:search:${query.toLowerCase()}`, SEARCH_POLICY, () => searchMusicVideos(query, SEARCH_LIMIT));
  return videos.map(trackOfVideo);
}

/** The track behind a pasted link; 400 unsupported_link on `field` for a host we cannot read, null when the host does not know it. */
export async function trackByLink(text: string, field: "q" | "url"): Promise<FoundTrack | null> {
  const link = musicLink(text);
  if (!link) throw fieldsError([fieldIssue(field, "unsupported_link")], field === "q" ? "query" : "body");
  return providerCached(`music:link:${link.url}`, LOOKUP_POLICY, () => resolve(link));
}

async function resolve(link: MusicLink): Promise<FoundTrack | null> {
  const [embedded, youtubeSeconds] = await Promise.all([oembedTrack(link), link.videoId ? videoSeconds(link.videoId) : null]);
  if (!embedded) return null;
  const seconds = youtubeSeconds ?? embedded.seconds;
  return { title: embedded.title.slice(0, MAX_TEXT), artist: artistName(embedded.artist), url: link.url, duration_ms: seconds === null ? null : seconds * 1000, thumbnail: embedded.thumbnail };
}

/**
 * A YouTube video's length, which oEmbed does not give: from videos.list when the key is set.
 * Without the key, or while YouTube refuses (quota spent), the link still goes in, its length unknown.
 */
async function videoSeconds(id: string): Promise<number | null> {
  if (!getEnv().YOUTUBE_API_KEY) return null;
  try {
    return (await videosById([id]))[0]?.seconds ?? null;
  } catch (error) {
    if (error instanceof ProviderError) return null;
    throw error;
  }
}

function trackOfVideo(video: YoutubeVideo): FoundTrack {
  return { title: video.title.slice(0, MAX_TEXT), artist: artistName(video.channel), url: videoUrl(video.id), duration_ms: video.seconds === null ? null : video.seconds * 1000, thumbnail: video.thumbnail };
}

/** YouTube files an artist's tracks under an "Artist - Topic" channel: the artist is the name before it. */
function artistName(channel: string): string {
  return channel.replace(/ - Topic$/, "").slice(0, MAX_TEXT);
}
