import "server-only";
import { PROVIDER_VARIABLES } from "../variables";
import { publishedValue } from "../published";
import type { LatestItem, ProviderAdapter, SourceAccount } from "../types";
import { getEnv } from "@/lib/env";
import { youtubeGet, youtubeGetIfFound } from "./data-api";
import { channelsAnswer, playlistItemsAnswer, searchAnswer, type YoutubeChannel } from "./schemas";

// YouTube through the Data API v3: a source is a channel, stored by its id (UC…); people
// type its @handle. The latest item is the newest video of the channel's uploads playlist.

const SEARCH_SIZE = 10;
const CHANNEL_ID = /^UC[\w-]{22}$/;
const HANDLE = /^@?[\w.-]{3,30}$/;

/** The largest thumbnail Google lists. */
export function bestThumbnail(thumbnails: Record<string, { url: string }>): string | null {
  for (const size of ["maxres", "standard", "high", "medium", "default"]) if (thumbnails[size]?.url) return thumbnails[size].url;
  return null;
}

function accountOf(channel: YoutubeChannel): SourceAccount {
  const handle = channel.snippet.customUrl;
  const stats = channel.statistics;
  return {
    id: channel.id,
    name: handle ?? channel.id,
    display_name: channel.snippet.title,
    avatar_url: bestThumbnail(channel.snippet.thumbnails),
    followers: stats && !stats.hiddenSubscriberCount && stats.subscriberCount ? Number(stats.subscriberCount) : null,
    url: handle ? `https://www.youtube.com/${handle}` : `https://www.youtube.com/channel/${channel.id}`,
    live: null,
  };
}

async function search(query: string): Promise<SourceAccount[]> {
  const { items } = await youtubeGet("search", { part: "snippet", type: "channel", q: query, maxResults: String(SEARCH_SIZE) }, searchAnswer);
  const ids = items.flatMap((item) => (item.id.channelId ? [item.id.channelId] : []));
  if (ids.length === 0) return [];
  const { items: channels } = await youtubeGet("channels", { part: "snippet,statistics", id: ids.join(","), maxResults: String(ids.length) }, channelsAnswer);
  const byId = new Map(channels.map((channel) => [channel.id, channel]));
  return ids.flatMap((id) => {
    const channel = byId.get(id);
    return channel ? [accountOf(channel)] : [];
  });
}

/** The channel by id (UC…) or @handle, with the parts asked for; null when none. */
async function channelOf(idOrHandle: string, part: string): Promise<YoutubeChannel | null> {
  const text = idOrHandle.trim();
  const where: Record<string, string> | null = CHANNEL_ID.test(text) ? { id: text } : HANDLE.test(text) ? { forHandle: text.startsWith("@") ? text : `@${text}` } : null;
  if (!where) return null;
  const { items } = await youtubeGet("channels", { part, ...where }, channelsAnswer);
  return items[0] ?? null;
}

async function lookup(idOrHandle: string): Promise<SourceAccount | null> {
  const channel = await channelOf(idOrHandle, "snippet,statistics");
  return channel ? accountOf(channel) : null;
}

async function latest(id: string): Promise<LatestItem | null> {
  const channel = await channelOf(id, "snippet,contentDetails");
  const uploads = channel?.contentDetails?.relatedPlaylists.uploads;
  if (!channel || !uploads) return null;
  // A channel that never uploaded may have no uploads playlist yet (404 playlistNotFound).
  const page = await youtubeGetIfFound("playlistItems", { part: "snippet", playlistId: uploads, maxResults: "1" }, playlistItemsAnswer);
  const video = page?.items[0]?.snippet;
  if (!video) return null;
  return {
    values: {
      author: channel.snippet.title,
      title: video.title,
      link: `https://www.youtube.com/watch?v=${video.resourceId.videoId}`,
      published: publishedValue(video.publishedAt),
      thumbnail: bestThumbnail(video.thumbnails) ?? "",
    },
    published_at: video.publishedAt,
  };
}

export const youtubeAdapter: ProviderAdapter = {
  id: "youtube",
  variables: PROVIDER_VARIABLES.youtube,
  configured: () => Boolean(getEnv().YOUTUBE_API_KEY),
  search,
  lookup,
  latest,
};
