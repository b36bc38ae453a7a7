import type { FakeRequest, SocialFake } from "../fakes";
import { replyJson, replyText } from "../reply";
import { SOUNDCLOUD_TRACKS, SPOTIFY_TRACKS, VIMEO_TRACKS, type FakeLinkedTrack } from "./data";

// The public oEmbed endpoints of SoundCloud (`/soundcloud/oembed`), Spotify (`/spotify/oembed`)
// and Vimeo (`/vimeo/api/oembed.json`), with each host's fields: SoundCloud titles "Track by
// Artist" and sends width "100%", Spotify names no author, Vimeo alone gives the length. All
// keyless; npm start points them here exactly when it fakes YouTube (no YOUTUBE_API_KEY), so the
// demo's links and search live in one world and a configured player uses the real hosts.

const link = (url: URL) => (url.searchParams.get("url") ?? "").replace(/\?.*$/, "");

function soundcloud({ url, res }: FakeRequest, track: FakeLinkedTrack): true {
  const slug = link(url).split("/").slice(3).join("/");
  return replyJson(res, 200, {
    version: 1,
    type: "rich",
    provider_name: "SoundCloud",
    provider_url: "https://soundcloud.com",
    height: 400,
    width: "100%",
    title: `${track.title} by ${track.author}`,
    description: `${track.title}, a demo track.`,
    thumbnail_url: `https://i1.sndcdn.com/artworks-${slug.replace(/\W/g, "")}-t500x500.jpg`,
    html: `<iframe width="100%" height="400" scrolling="no" frameborder="no" src="https://w.soundcloud.com/player/?visual=true&url=${encodeURIComponent(link(url))}&show_artwork=true"></iframe>`,
    author_name: track.author,
    author_url: `https://soundcloud.com/${slug.split("/")[0]}`,
  });
}

function spotify({ url, res }: FakeRequest, track: FakeLinkedTrack): true {
  const id = link(url).split("/").pop();
  return replyJson(res, 200, {
    html: `<iframe style="border-radius: 12px" width="100%" height="152" title="Spotify Embed: ${track.title}" frameborder="0" allowfullscreen allow="autoplay; clipboard-write; encrypted-media; fullscreen; picture-in-picture" loading="lazy" src="https://open.spotify.com/embed/track/${id}?utm_source=oembed"></iframe>`,
    iframe_url: `https://open.spotify.com/embed/track/${id}?utm_source=oembed`,
    width: 456,
    height: 152,
    version: "1.0",
    provider_name: "Spotify",
    provider_url: "https://spotify.com",
    type: "rich",
    title: track.title,
    thumbnail_url: `https://image-cdn-ak.spotifycdn.com/image/ab67616d00001e02${id}`,
    thumbnail_width: 300,
    thumbnail_height: 300,
  });
}

function vimeo({ url, res }: FakeRequest, track: FakeLinkedTrack): true {
  const id = Number(link(url).split("/").pop());
  return replyJson(res, 200, {
    type: "video",
    version: "1.0",
    provider_name: "Vimeo",
    provider_url: "https://vimeo.com/",
    title: track.title,
    author_name: track.author,
    author_url: "https://vimeo.com/adamoon",
    is_plus: "0",
    account_type: "basic",
    html: `<iframe src="https://player.vimeo.com/video/${id}?app_id=122963" width="640" height="360" frameborder="0" allow="autoplay; fullscreen; picture-in-picture" title="${track.title}"></iframe>`,
    width: 640,
    height: 360,
    ...(track.seconds === null ? {} : { duration: track.seconds }),
    description: "",
    thumbnail_url: `https://i.vimeocdn.com/video/${id}-d_295x166`,
    thumbnail_width: 295,
    thumbnail_height: 166,
    upload_date: "2024-03-08 10:00:00",
    video_id: id,
    uri: `/videos/${id}`,
  });
}

function oembedFake(segment: string, path: string, tracks: Record<string, FakeLinkedTrack>, answer: (request: FakeRequest, track: FakeLinkedTrack) => true, setting: string): SocialFake {
  return {
    segment,
    configuredBy: ["YOUTUBE_API_KEY"],
    env: (base) => ({ [setting]: `${base}/${segment}/${path}` }),
    handle(request) {
      if (request.req.method !== "GET" || request.path.join("/") !== path) return false;
      const track = tracks[link(request.url)];
      return track ? answer(request, track) : replyText(request.res, 404, "Not Found");
    },
  };
}

export const MUSIC_LINK_FAKES: SocialFake[] = [
  oembedFake("soundcloud", "oembed", SOUNDCLOUD_TRACKS, soundcloud, "SOUNDCLOUD_OEMBED_URL"),
  oembedFake("spotify", "oembed", SPOTIFY_TRACKS, spotify, "SPOTIFY_OEMBED_URL"),
  oembedFake("vimeo", "api/oembed.json", VIMEO_TRACKS, vimeo, "VIMEO_OEMBED_URL"),
];
