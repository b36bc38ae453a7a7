import { createHash } from "node:crypto";

// The demo's music on YouTube (category 10, "Music"): works in the public domain and Kevin
// MacLeod's library (incompetech.com, CC BY 4.0) with their real lengths, and Ada Moon, the
// demo's own artist ("ada" finds her, and the Adagios). As on YouTube Music, each artist's
// tracks sit on an auto-generated "Artist - Topic" channel and are titled by the track alone.

export type FakeMusicVideo = {
  id: string;
  title: string;
  artist: string;
  /** ISO 8601, as contentDetails.duration: P0D for a live stream. */
  duration: string;
  live: boolean;
  channelId: string;
  published_at: string;
};

/** Google's ids look random; these are stable, so tests and links keep working across runs. */
function stableId(text: string, length: number): string {
  return createHash("sha256").update(text).digest("base64url").slice(0, length);
}

const ENTRIES: Array<[title: string, artist: string, length: string]> = [
  ["Gymnopédie No. 1", "Erik Satie", "3:05"],
  ["Clair de lune", "Claude Debussy", "5:02"],
  ["Für Elise", "Ludwig van Beethoven", "2:55"],
  ["Piano Sonata No. 14 “Moonlight”: I. Adagio sostenuto", "Ludwig van Beethoven", "5:58"],
  ["The Four Seasons, Spring: I. Allegro", "Antonio Vivaldi", "3:32"],
  ["The Four Seasons, Winter: II. Largo", "Antonio Vivaldi", "2:06"],
  ["Air on the G String", "Johann Sebastian Bach", "5:16"],
  ["Cello Suite No. 1: Prélude", "Johann Sebastian Bach", "2:31"],
  ["Nocturne Op. 9 No. 2", "Frédéric Chopin", "4:33"],
  ["Waltz Op. 64 No. 1 “Minute”", "Frédéric Chopin", "1:49"],
  ["Peer Gynt: Morning Mood", "Edvard Grieg", "3:52"],
  ["In the Hall of the Mountain King", "Edvard Grieg", "2:28"],
  ["Clarinet Concerto: II. Adagio", "Wolfgang Amadeus Mozart", "7:31"],
  ["Eine kleine Nachtmusik: I. Allegro", "Wolfgang Amadeus Mozart", "5:44"],
  ["Dance of the Sugar Plum Fairy", "Pyotr Ilyich Tchaikovsky", "1:51"],
  ["Maple Leaf Rag", "Scott Joplin", "3:12"],
  ["The Entertainer", "Scott Joplin", "4:03"],
  ["Monkeys Spinning Monkeys", "Kevin MacLeod", "2:05"],
  ["Sneaky Snitch", "Kevin MacLeod", "2:16"],
  ["Local Forecast – Elevator", "Kevin MacLeod", "3:03"],
  ["Carefree", "Kevin MacLeod", "3:23"],
  ["Fluffing a Duck", "Kevin MacLeod", "1:25"],
  ["Investigations", "Kevin MacLeod", "2:26"],
  ["Wallpaper", "Kevin MacLeod", "3:25"],
  ["Airport Lounge", "Kevin MacLeod", "4:50"],
  ["Hall of the Mountain King", "Kevin MacLeod", "2:37"],
  ["Night Engines", "Ada Moon", "3:41"],
  ["Bernoulli Waltz", "Ada Moon", "2:58"],
  // A track of more than an hour, for the plugin's song length.
  ["Analytical Engine Suite (full album)", "Ada Moon", "1:02:07"],
  ["Live from the Engine Room", "Ada Moon", "live"],
];

function isoDuration(length: string): string {
  if (length === "live") return "P0D";
  const [seconds = 0, minutes = 0, hours = 0] = length.split(":").map(Number).reverse();
  return `PT${hours ? `${hours}H` : ""}${minutes ? `${minutes}M` : ""}${seconds ? `${seconds}S` : ""}`;
}

export const topicChannelId = (artist: string) => `UC${stableId(`topic:${artist}`, 22)}`;

export const MUSIC_VIDEOS: readonly FakeMusicVideo[] = ENTRIES.map(([title, artist, length], index) => ({
  id: stableId(`${artist}/${title}`, 11),
  title,
  artist,
  duration: isoDuration(length),
  live: length === "live",
  channelId: topicChannelId(artist),
  published_at: new Date(Date.UTC(2024, 0, 1 + index, 12)).toISOString().replace(".000", ""),
}));

/** The video of a track by its title: tests and the demo's links name tracks, not ids. */
export function musicVideo(title: string): FakeMusicVideo {
  const video = MUSIC_VIDEOS.find((item) => item.title === title);
  if (!video) throw new Error(`no fake music video titled ${title}`);
  return video;
}

export const watchUrl = (id: string) => `https://www.youtube.com/watch?v=${id}`;
