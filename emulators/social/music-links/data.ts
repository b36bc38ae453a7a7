// The tracks the demo's SoundCloud, Spotify and Vimeo know, by the canonical link the music
// player sends their oEmbed endpoints. Ada Moon is the demo's artist (YouTube has her too).

export type FakeLinkedTrack = { title: string; author: string | null; seconds: number | null };

export const SOUNDCLOUD_TRACKS: Record<string, FakeLinkedTrack> = {
  "https://soundcloud.com/ada-moon/night-engines": { title: "Night Engines", author: "Ada Moon", seconds: null },
  "https://soundcloud.com/kevin-macleod/monkeys-spinning-monkeys": { title: "Monkeys Spinning Monkeys", author: "Kevin MacLeod", seconds: null },
};

export const SPOTIFY_TRACKS: Record<string, FakeLinkedTrack> = {
  "https://open.spotify.com/track/0adaMoonBernoulliWaltz": { title: "Bernoulli Waltz", author: null, seconds: null },
  "https://open.spotify.com/track/3joplinMapleLeafRag000": { title: "Maple Leaf Rag", author: null, seconds: null },
};

export const VIMEO_TRACKS: Record<string, FakeLinkedTrack> = {
  "https://vimeo.com/76979871": { title: "Night Engines (live session)", author: "Ada Moon", seconds: 247 },
};
