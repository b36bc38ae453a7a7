// Which links a blind test can play from: a playlist (not a single track or an album) on
// Spotify, Deezer or YouTube, the sources the bot's player resolves. Checked on the parsed
// URL, so tracking parameters (?si=…) and locale segments (/intl-fr/, /fr/) are accepted.

const SPOTIFY_ID = /^[A-Za-z0-9]{22}$/;
const DEEZER_ID = /^\d{1,20}$/;
const YOUTUBE_LIST = /^[A-Za-z0-9_-]{10,64}$/;
const LOCALE_SEGMENT = /^(?:intl-)?[a-z]{2}(?:-[a-z]{2})?$/i;

/** The path's segments after an optional locale segment ("/intl-fr/playlist/…", "/fr/playlist/…"). */
function segmentsAfterLocale(url: URL): string[] {
  const segments = url.pathname.split("/").filter(Boolean);
  return segments.length > 0 && LOCALE_SEGMENT.test(segments[0]!) && segments[0] !== "playlist" ? segments.slice(1) : segments;
}

export function isPlaylistUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return false;
  const host = url.hostname.toLowerCase();
  const [kind, id, ...rest] = segmentsAfterLocale(url);
  if (host === "open.spotify.com") return kind === "playlist" && rest.length === 0 && SPOTIFY_ID.test(id ?? "");
  if (host === "deezer.com" || host === "www.deezer.com") return kind === "playlist" && rest.length === 0 && DEEZER_ID.test(id ?? "");
  if (host === "youtube.com" || host === "www.youtube.com" || host === "m.youtube.com" || host === "music.youtube.com") {
    return url.pathname === "/playlist" && YOUTUBE_LIST.test(url.searchParams.get("list") ?? "");
  }
  return false;
}
