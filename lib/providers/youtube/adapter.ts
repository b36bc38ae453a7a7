import "server-only";
import { PROVIDER_VARIABLES } from "../variables";
import { publishedValue } from "../published";
import { batches, eachLimited, goneSource, POLL_CONCURRENCY, POLL_ITEMS, uniqueIds } from "../poll";
import type { LatestItem, PolledItem, PollSource, ProviderAdapter, SourceAccount, SourcePoll } from "../types";
import { getEnv } from "@/lib/env";
import { youtubeGet, youtubeGetIfFound } from "./data-api";
import { channelsAnswer, playlistItemsAnswer, searchAnswer, type PlaylistVideo, type YoutubeChannel } from "./schemas";

// YouTube through the Data API v3: a source is a channel, stored by its id (UC…); people
// type its @handle. The latest item is the newest video of the channel's uploads playlist.

const SEARCH_SIZE = 10;
const CHANNEL_ID = /^UC[\w-]{22}$/;
const HANDLE = /^@?[\w.-]{3,30}$/;
/** channels.list takes at most 50 ids. */
const CHANNELS_BATCH = 50;

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

const watchUrl = (videoId: string) => `https://www.youtube.com/watch?v=${videoId}`;

/** The newest `count` uploads of the channel, newest first; none when it has no uploads playlist. */
async function uploadsOf(channel: YoutubeChannel, count: number): Promise<PlaylistVideo[]> {
  const uploads = channel.contentDetails?.relatedPlaylists.uploads;
  if (!uploads) return [];
  // A channel that never uploaded may have no uploads playlist yet (404 playlistNotFound).
  const page = await youtubeGetIfFound("playlistItems", { part: "snippet", playlistId: uploads, maxResults: String(count) }, playlistItemsAnswer);
  return (page?.items ?? []).map((item) => item.snippet);
}

function videoItem(channel: YoutubeChannel, video: PlaylistVideo): LatestItem {
  return {
    values: {
      author: channel.snippet.title,
      title: video.title,
      link: watchUrl(video.resourceId.videoId),
      published: publishedValue(video.publishedAt),
      thumbnail: bestThumbnail(video.thumbnails) ?? "",
    },
    published_at: video.publishedAt,
  };
}

async function latest(id: string): Promise<LatestItem | null> {
  const channel = await channelOf(id, "snippet,contentDetails");
  const video = channel && (await uploadsOf(channel, 1))[0];
  return channel && video ? videoItem(channel, video) : null;
}

/**
 * New uploads: the channels, 50 a call (which also tells those that no longer exist), then each
 * one's uploads playlist, the newest 20 (the Data API lists one playlist per call). Each call
 * costs one unit of the daily quota; search.list, which could ask for several channels, costs 100.
 */
async function poll(sources: readonly PollSource[]): Promise<Map<string, SourcePoll>> {
  const ids = uniqueIds(sources);
  const pages = await eachLimited(batches(ids.filter((id) => CHANNEL_ID.test(id)), CHANNELS_BATCH), POLL_CONCURRENCY, (batch) =>
    youtubeGet("channels", { part: "snippet,contentDetails", id: batch.join(","), maxResults: String(batch.length) }, channelsAnswer),
  );
  const channels = pages.flatMap((page) => page.items);
  const uploads = await eachLimited(channels, POLL_CONCURRENCY, (channel) => uploadsOf(channel, POLL_ITEMS));
  const found = new Map(channels.map((channel, index) => [channel.id, { channel, videos: uploads[index]! }]));
  return new Map(
    ids.map((id): [string, SourcePoll] => {
      const entry = found.get(id);
      if (!entry) return [id, goneSource(CHANNEL_ID.test(id) ? "no such YouTube channel" : "not a YouTube channel id")];
      const newestFirst = [...entry.videos].sort((a, b) => (Date.parse(b.publishedAt) || 0) - (Date.parse(a.publishedAt) || 0));
      const items = newestFirst.map((video): PolledItem => ({ ...videoItem(entry.channel, video), key: video.resourceId.videoId, url: watchUrl(video.resourceId.videoId) }));
      return [id, { ok: true, items, state: {} }];
    }),
  );
}

export const youtubeAdapter: ProviderAdapter = {
  id: "youtube",
  variables: PROVIDER_VARIABLES.youtube,
  configured: () => Boolean(getEnv().YOUTUBE_API_KEY),
  search,
  lookup,
  latest,
  poll,
};
