import { randomBytes } from "node:crypto";
import { nowIso, restorer, type FakeControl } from "../control";
import type { FakeRequest, SocialFake } from "../fakes";
import { replyJson, replyText } from "../reply";
import { uploadsPlaylistOf, youtubeAvatar, YOUTUBE_CHANNELS, type FakeVideo, type FakeYoutubeChannel } from "./data";
import { oembedJson, searchResultJson, searchVideos, videoById, videoJson, videoOfLink, videoThumbnails } from "./videos";

// The YouTube Data API v3 endpoints the adapters call (`/youtube/v3/search` for channels and
// videos, `channels`, `playlistItems`, `videos`), keyed with `key=` and answering Google's JSON
// and error shapes; and YouTube's keyless oEmbed (`/youtube/oembed`), which the music player
// resolves pasted links with.

export const YOUTUBE_FAKE_KEY = "fake-youtube-key";
/** A key whose project spent its daily quota: every call answers 403 quotaExceeded. */
export const YOUTUBE_SPENT_KEY = "fake-youtube-key-quota-spent";

const etag = () => randomBytes(12).toString("base64url");
const thumbnails = (url: string) => ({ default: { url, width: 88, height: 88 }, medium: { url, width: 240, height: 240 }, high: { url, width: 800, height: 800 } });

function googleError({ res }: FakeRequest, code: number, reason: string, message: string, domain = "global") {
  return replyJson(res, code, { error: { code, message, errors: [{ message, domain, reason }] } });
}

function badKey(request: FakeRequest) {
  const message = "API key not valid. Please pass a valid API key.";
  return replyJson(request.res, 400, {
    error: { code: 400, message, errors: [{ message, domain: "global", reason: "keyInvalid" }], status: "INVALID_ARGUMENT", details: [{ "@type": "type.googleapis.com/google.rpc.ErrorInfo", reason: "API_KEY_INVALID", domain: "googleapis.com" }] },
  });
}

const list = (kind: string, items: unknown[], extra: Record<string, unknown> = {}) => ({
  kind: `youtube#${kind}ListResponse`,
  etag: etag(),
  ...extra,
  pageInfo: { totalResults: items.length, resultsPerPage: items.length },
  // Google leaves out "items" of a channels list that found nothing.
  ...(items.length > 0 || kind !== "channel" ? { items } : {}),
});

const channelJson = (channel: FakeYoutubeChannel, parts: string[]) => ({
  kind: "youtube#channel",
  etag: etag(),
  id: channel.id,
  ...(parts.includes("snippet")
    ? { snippet: { title: channel.title, description: channel.description, customUrl: channel.handle, publishedAt: channel.published_at, thumbnails: thumbnails(youtubeAvatar(channel)), localized: { title: channel.title, description: channel.description } } }
    : {}),
  ...(parts.includes("contentDetails") ? { contentDetails: { relatedPlaylists: { likes: "", uploads: uploadsPlaylistOf(channel) } } } : {}),
  ...(parts.includes("statistics")
    ? {
        statistics: {
          viewCount: String(channel.subscribers * 37),
          ...(channel.hidden_subscribers ? {} : { subscriberCount: String(channel.subscribers) }),
          hiddenSubscriberCount: channel.hidden_subscribers,
          videoCount: String(channel.videos.length),
        },
      }
    : {}),
});

const playlistItemJson = (channel: FakeYoutubeChannel, video: FakeVideo, position: number) => ({
  kind: "youtube#playlistItem",
  etag: etag(),
  id: Buffer.from(`${uploadsPlaylistOf(channel)}.${video.id}`).toString("base64url"),
  snippet: {
    publishedAt: video.published_at,
    channelId: channel.id,
    title: video.title,
    description: video.description,
    thumbnails: videoThumbnails(video.id),
    channelTitle: channel.title,
    playlistId: uploadsPlaylistOf(channel),
    position,
    resourceId: { kind: "youtube#video", videoId: video.id },
    videoOwnerChannelTitle: channel.title,
    videoOwnerChannelId: channel.id,
  },
});

function maxResults(request: FakeRequest, fallback: number): number | null {
  const value = Number(request.url.searchParams.get("maxResults") ?? fallback);
  return Number.isInteger(value) && value >= 0 && value <= 50 ? value : null;
}

function api(request: FakeRequest, resource: string): boolean {
  const { url, res } = request;
  const key = url.searchParams.get("key");
  if (!key) return googleError(request, 403, "forbidden", "The request is missing a valid API key.");
  if (key === YOUTUBE_SPENT_KEY) {
    return googleError(request, 403, "quotaExceeded", "The request cannot be completed because you have exceeded your <a href=\"/youtube/v3/getting-started#quota\">quota</a>.", "youtube.quota");
  }
  if (key !== YOUTUBE_FAKE_KEY) return badKey(request);
  const parts = (url.searchParams.get("part") ?? "").split(",").filter(Boolean);
  if (parts.length === 0) return googleError(request, 400, "required", "Required parameter: part", "global");
  const limit = maxResults(request, 5);
  if (limit === null) return googleError(request, 400, "invalidParameter", "Invalid value for maxResults", "youtube.parameter");
  switch (resource) {
    case "search": {
      if (url.searchParams.get("type") === "video") {
        const items = searchVideos(url.searchParams.get("q") ?? "", url.searchParams.get("videoCategoryId")).slice(0, limit);
        return replyJson(res, 200, list("search", items.map((video) => searchResultJson(video, etag())), { regionCode: "GB" }));
      }
      const q = (url.searchParams.get("q") ?? "").trim().toLowerCase();
      const found = url.searchParams.get("type") === "channel" ? YOUTUBE_CHANNELS.filter((channel) => q && (channel.title.toLowerCase().includes(q) || channel.handle.includes(q))) : [];
      const items = found.slice(0, limit).map((channel) => ({
        kind: "youtube#searchResult",
        etag: etag(),
        id: { kind: "youtube#channel", channelId: channel.id },
        snippet: {
          publishedAt: channel.published_at,
          channelId: channel.id,
          title: channel.title,
          description: channel.description,
          thumbnails: thumbnails(youtubeAvatar(channel)),
          channelTitle: channel.title,
          liveBroadcastContent: "none",
          publishTime: channel.published_at,
        },
      }));
      return replyJson(res, 200, list("search", items, { regionCode: "GB" }));
    }
    case "channels": {
      const ids = (url.searchParams.get("id") ?? "").split(",").filter(Boolean);
      const handle = url.searchParams.get("forHandle")?.toLowerCase().replace(/^@?/, "@");
      if (ids.length > 50) return googleError(request, 400, "invalidParameter", "Too many ids", "youtube.parameter");
      const found = YOUTUBE_CHANNELS.filter((channel) => ids.includes(channel.id) || channel.handle === handle);
      return replyJson(res, 200, list("channel", found.map((channel) => channelJson(channel, parts))));
    }
    case "videos": {
      const ids = (url.searchParams.get("id") ?? "").split(",").filter(Boolean);
      if (ids.length === 0) return googleError(request, 400, "missingRequiredParameter", "No filter selected. Expected one of: id, chart, myRating", "youtube.parameter");
      if (ids.length > 50) return googleError(request, 400, "invalidParameter", "Too many ids", "youtube.parameter");
      const found = ids.flatMap((id) => videoById(id) ?? []);
      return replyJson(res, 200, list("video", found.map((video) => videoJson(video, parts, etag()))));
    }
    case "playlistItems": {
      const playlistId = url.searchParams.get("playlistId");
      const channel = YOUTUBE_CHANNELS.find((item) => uploadsPlaylistOf(item) === playlistId);
      if (!channel) return googleError(request, 404, "playlistNotFound", "The playlist identified with the request's <code>playlistId</code> parameter cannot be found.", "youtube.playlistItem");
      return replyJson(res, 200, list("playlistItem", channel.videos.slice(0, limit).map((video, index) => playlistItemJson(channel, video, index))));
    }
    default:
      return false;
  }
}

/** YouTube answers an unknown video with a bare 404 "Not Found", a link it cannot read with 400 "Bad Request". */
function oembed({ url, res }: FakeRequest): true {
  const link = url.searchParams.get("url");
  if (!link || (url.searchParams.get("format") ?? "json") !== "json") return replyText(res, 400, "Bad Request");
  const video = videoOfLink(link);
  return video ? replyJson(res, 200, oembedJson(video)) : replyText(res, 404, "Not Found");
}

const youtubeControl: FakeControl = {
  providers: ["youtube"],
  publish({ source, title }) {
    const channel = YOUTUBE_CHANNELS.find((item) => item.id === source || item.handle === source.toLowerCase().replace(/^@?/, "@"));
    if (!channel) return null;
    // Eleven characters of the URL-safe alphabet, as video ids are.
    const video: FakeVideo = { id: randomBytes(8).toString("base64url").slice(0, 11), title: title ?? "A new upload", description: "Published through the fake's control API.", published_at: nowIso(), duration: "PT4M20S" };
    channel.videos.unshift(video);
    return { id: video.id, published_at: video.published_at };
  },
  reset: restorer(YOUTUBE_CHANNELS),
};

export const youtubeFake: SocialFake = {
  segment: "youtube",
  handle(request) {
    const [version, resource, ...rest] = request.path;
    if (request.req.method !== "GET") return false;
    if (version === "oembed" && !resource) return oembed(request);
    if (version !== "v3" || !resource || rest.length > 0) return false;
    return api(request, resource);
  },
  env: (base) => ({ YOUTUBE_API_URL: `${base}/youtube/v3`, YOUTUBE_API_KEY: YOUTUBE_FAKE_KEY, YOUTUBE_OEMBED_URL: `${base}/youtube/oembed` }),
  configuredBy: ["YOUTUBE_API_KEY"],
  control: youtubeControl,
};
