import { YOUTUBE_CHANNELS } from "./data";
import { MUSIC_VIDEOS } from "./music";

// Every video of the YouTube fake as search.list (type=video), videos.list and oEmbed see it:
// the channels' uploads and the music (data.ts, music.ts).

type AnyVideo = {
  id: string;
  title: string;
  description: string;
  channelId: string;
  channelTitle: string;
  /** Where oEmbed's author_url points. */
  channelUrl: string;
  categoryId: string;
  duration: string;
  live: boolean;
  publishedAt: string;
};

const MUSIC = "10";
const CATEGORY_OF_CHANNEL: Record<string, string> = { "@adalovelaceacademy": "27", "@adaplays": "20", "@adastragg": "20", "@nightowlradio": MUSIC };

/** Every video now: the channels' uploads change when the control API publishes one. */
const allVideos = (): AnyVideo[] => [
  ...YOUTUBE_CHANNELS.flatMap((channel) =>
    channel.videos.map((video) => ({
      id: video.id,
      title: video.title,
      description: video.description,
      channelId: channel.id,
      channelTitle: channel.title,
      channelUrl: `https://www.youtube.com/${channel.handle}`,
      categoryId: CATEGORY_OF_CHANNEL[channel.handle] ?? "22",
      duration: video.duration,
      live: false,
      publishedAt: video.published_at,
    })),
  ),
  ...MUSIC_VIDEOS.map((video) => ({
    id: video.id,
    title: video.title,
    description: `Provided to YouTube by the Guildhall demo\n\n${video.title} · ${video.artist}`,
    channelId: video.channelId,
    channelTitle: `${video.artist} - Topic`,
    channelUrl: `https://www.youtube.com/channel/${video.channelId}`,
    categoryId: MUSIC,
    duration: video.duration,
    live: video.live,
    publishedAt: video.published_at,
  })),
];

/** Case- and accent-blind, as YouTube's search box is: "fur elise" finds "Für Elise". */
function fold(text: string): string {
  return text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
}

/** Videos whose title or channel holds every word of `q`, those whose title starts with it first. */
export function searchVideos(q: string, categoryId: string | null): AnyVideo[] {
  const words = fold(q).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const first = fold(q.trim());
  const startsWith = (video: AnyVideo) => Number(fold(video.title).startsWith(first));
  return allVideos().filter((video) => (!categoryId || video.categoryId === categoryId) && words.every((word) => fold(`${video.title} ${video.channelTitle}`).includes(word))).sort((a, b) => startsWith(b) - startsWith(a));
}

export const videoById = (id: string) => allVideos().find((video) => video.id === id);

export const videoThumbnails = (id: string) => ({
  default: { url: `https://i.ytimg.com/vi/${id}/default.jpg`, width: 120, height: 90 },
  medium: { url: `https://i.ytimg.com/vi/${id}/mqdefault.jpg`, width: 320, height: 180 },
  high: { url: `https://i.ytimg.com/vi/${id}/hqdefault.jpg`, width: 480, height: 360 },
});

export function searchResultJson(video: AnyVideo, etag: string) {
  return {
    kind: "youtube#searchResult",
    etag,
    id: { kind: "youtube#video", videoId: video.id },
    snippet: {
      publishedAt: video.publishedAt,
      channelId: video.channelId,
      title: video.title,
      description: video.description.slice(0, 160),
      thumbnails: videoThumbnails(video.id),
      channelTitle: video.channelTitle,
      liveBroadcastContent: video.live ? "live" : "none",
      publishTime: video.publishedAt,
    },
  };
}

export function videoJson(video: AnyVideo, parts: string[], etag: string) {
  return {
    kind: "youtube#video",
    etag,
    id: video.id,
    ...(parts.includes("snippet")
      ? {
          snippet: {
            publishedAt: video.publishedAt,
            channelId: video.channelId,
            title: video.title,
            description: video.description,
            thumbnails: videoThumbnails(video.id),
            channelTitle: video.channelTitle,
            categoryId: video.categoryId,
            liveBroadcastContent: video.live ? "live" : "none",
            localized: { title: video.title, description: video.description },
          },
        }
      : {}),
    ...(parts.includes("contentDetails")
      ? { contentDetails: { duration: video.duration, dimension: "2d", definition: "hd", caption: "false", licensedContent: true, contentRating: {}, projection: "rectangular" } }
      : {}),
  };
}

/** The video a watch, youtu.be or YouTube Music link names, as YouTube's oEmbed reads it. */
export function videoOfLink(link: string): AnyVideo | undefined {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return undefined;
  }
  const id = url.hostname === "youtu.be" ? url.pathname.slice(1) : url.pathname === "/watch" ? url.searchParams.get("v") : null;
  return id ? videoById(id) : undefined;
}

/** YouTube's oEmbed answer (https://www.youtube.com/oembed?url=…&format=json). */
export function oembedJson(video: AnyVideo) {
  return {
    title: video.title,
    author_name: video.channelTitle,
    author_url: video.channelUrl,
    type: "video",
    height: 113,
    width: 200,
    version: "1.0",
    provider_name: "YouTube",
    provider_url: "https://www.youtube.com/",
    thumbnail_height: 360,
    thumbnail_width: 480,
    thumbnail_url: `https://i.ytimg.com/vi/${video.id}/hqdefault.jpg`,
    html: `<iframe width="200" height="113" src="https://www.youtube.com/embed/${video.id}?feature=oembed" frameborder="0" allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share" referrerpolicy="strict-origin-when-cross-origin" allowfullscreen title="${video.title.replace(/"/g, "&quot;")}"></iframe>`,
  };
}
