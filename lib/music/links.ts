// The links the music player takes, by host: a pasted YouTube (also YouTube Music and youtu.be),
// SoundCloud, Spotify or Vimeo track becomes one canonical address, the one stored in the queue
// and handed to the bot. Anything else is not a track we can resolve. Pure: no I/O.

export type LinkHost = "youtube" | "soundcloud" | "spotify" | "vimeo";

export type MusicLink = {
  host: LinkHost;
  /** The canonical address: what the queue stores and the host's oEmbed is asked about. */
  url: string;
  /** YouTube's video id, for videos.list. */
  videoId?: string;
};

const YOUTUBE_HOSTS = new Set(["youtube.com", "www.youtube.com", "m.youtube.com", "music.youtube.com"]);
const VIDEO_ID = /^[\w-]{11}$/;
/** SoundCloud's first path segments that are pages, not artists. */
const SOUNDCLOUD_PAGES = new Set(["discover", "search", "stream", "you", "upload", "charts", "pages", "settings", "messages", "notifications", "people", "tags", "stations"]);
const SOUNDCLOUD_NAME = /^[\w-]{1,100}$/;
const SPOTIFY_ID = /^[0-9A-Za-z]{22}$/;

/** The text as an http(s) URL, else null (a search query, most of the time). */
export function asUrl(text: string): URL | null {
  const trimmed = text.trim();
  if (!/^https?:\/\//i.test(trimmed)) return null;
  try {
    return new URL(trimmed);
  } catch {
    return null;
  }
}

export function musicLink(text: string): MusicLink | null {
  const url = asUrl(text);
  if (!url || url.username || url.password || (url.port && url.port !== "443" && url.port !== "80")) return null;
  const host = url.hostname.toLowerCase();
  const path = url.pathname.split("/").filter(Boolean);
  if (YOUTUBE_HOSTS.has(host)) {
    const id = path[0] === "watch" ? url.searchParams.get("v") : path[0] === "shorts" || path[0] === "live" ? path[1] : null;
    return youtube(id);
  }
  if (host === "youtu.be") return youtube(path[0]);
  if (host === "soundcloud.com" || host === "www.soundcloud.com" || host === "m.soundcloud.com") {
    const [artist, track] = path;
    if (path.length !== 2 || !artist || !track || SOUNDCLOUD_PAGES.has(artist) || !SOUNDCLOUD_NAME.test(artist) || !SOUNDCLOUD_NAME.test(track)) return null;
    return { host: "soundcloud", url: `https://soundcloud.com/${artist}/${track}` };
  }
  if (host === "open.spotify.com") {
    // Shared links may carry a market: /intl-fr/track/{id}.
    const [kind, id] = path[0]?.startsWith("intl-") ? path.slice(1) : path;
    if (kind !== "track" || !id || !SPOTIFY_ID.test(id)) return null;
    return { host: "spotify", url: `https://open.spotify.com/track/${id}` };
  }
  if (host === "vimeo.com" || host === "www.vimeo.com" || host === "player.vimeo.com") {
    const id = host === "player.vimeo.com" ? (path[0] === "video" ? path[1] : undefined) : path.length === 1 ? path[0] : undefined;
    if (!id || !/^\d{1,12}$/.test(id)) return null;
    return { host: "vimeo", url: `https://vimeo.com/${id}` };
  }
  return null;
}

function youtube(id: string | null | undefined): MusicLink | null {
  if (!id || !VIDEO_ID.test(id)) return null;
  return { host: "youtube", url: `https://www.youtube.com/watch?v=${id}`, videoId: id };
}
