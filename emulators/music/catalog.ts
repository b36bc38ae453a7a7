// The music catalogue the demo and the tests search: works in the public domain and
// Kevin MacLeod's library (incompetech.com, CC BY 4.0), with their real lengths.
// Served over HTTP by routes.ts, as an outside search provider would be.

export type CatalogTrack = { id: string; title: string; artist: string; duration_ms: number; url: string; thumbnail: string | null };

const TRACK_HOST = "https://catalog.music.example/tracks";

const ENTRIES: Array<[id: string, title: string, artist: string, length: string]> = [
  ["satie-gymnopedie-1", "Gymnopédie No. 1", "Erik Satie", "3:05"],
  ["debussy-clair-de-lune", "Clair de lune", "Claude Debussy", "5:02"],
  ["beethoven-fur-elise", "Für Elise", "Ludwig van Beethoven", "2:55"],
  ["beethoven-moonlight-1", "Piano Sonata No. 14 “Moonlight”: I. Adagio sostenuto", "Ludwig van Beethoven", "5:58"],
  ["vivaldi-spring-1", "The Four Seasons, Spring: I. Allegro", "Antonio Vivaldi", "3:32"],
  ["vivaldi-winter-2", "The Four Seasons, Winter: II. Largo", "Antonio Vivaldi", "2:06"],
  ["bach-air-g-string", "Air on the G String", "Johann Sebastian Bach", "5:16"],
  ["bach-cello-suite-1", "Cello Suite No. 1: Prélude", "Johann Sebastian Bach", "2:31"],
  ["chopin-nocturne-op9-2", "Nocturne Op. 9 No. 2", "Frédéric Chopin", "4:33"],
  ["chopin-minute-waltz", "Waltz Op. 64 No. 1 “Minute”", "Frédéric Chopin", "1:49"],
  ["grieg-morning-mood", "Peer Gynt: Morning Mood", "Edvard Grieg", "3:52"],
  ["grieg-mountain-king", "In the Hall of the Mountain King", "Edvard Grieg", "2:28"],
  ["mozart-eine-kleine-1", "Eine kleine Nachtmusik: I. Allegro", "Wolfgang Amadeus Mozart", "5:44"],
  ["tchaikovsky-sugar-plum", "Dance of the Sugar Plum Fairy", "Pyotr Ilyich Tchaikovsky", "1:51"],
  ["joplin-maple-leaf", "Maple Leaf Rag", "Scott Joplin", "3:12"],
  ["joplin-entertainer", "The Entertainer", "Scott Joplin", "4:03"],
  ["macleod-monkeys-spinning", "Monkeys Spinning Monkeys", "Kevin MacLeod", "2:05"],
  ["macleod-sneaky-snitch", "Sneaky Snitch", "Kevin MacLeod", "2:16"],
  ["macleod-local-forecast", "Local Forecast – Elevator", "Kevin MacLeod", "3:03"],
  ["macleod-carefree", "Carefree", "Kevin MacLeod", "3:23"],
  ["macleod-fluffing-a-duck", "Fluffing a Duck", "Kevin MacLeod", "1:25"],
  ["macleod-investigations", "Investigations", "Kevin MacLeod", "2:26"],
  ["macleod-wallpaper", "Wallpaper", "Kevin MacLeod", "3:25"],
  ["macleod-cipher", "Cipher", "Kevin MacLeod", "2:52"],
  ["macleod-airport-lounge", "Airport Lounge", "Kevin MacLeod", "4:50"],
  ["macleod-scheming-weasel", "Scheming Weasel (faster version)", "Kevin MacLeod", "1:32"],
  ["macleod-pixel-peeker", "Pixel Peeker Polka – faster", "Kevin MacLeod", "2:56"],
  ["macleod-hall-of-the-mountain-king", "Hall of the Mountain King", "Kevin MacLeod", "2:37"],
];

function milliseconds(length: string): number {
  const [minutes = "0", seconds = "0"] = length.split(":");
  return (Number(minutes) * 60 + Number(seconds)) * 1000;
}

export const CATALOG: readonly CatalogTrack[] = ENTRIES.map(([id, title, artist, length]) => ({
  id,
  title,
  artist,
  duration_ms: milliseconds(length),
  url: `${TRACK_HOST}/${id}`,
  thumbnail: null,
}));

/** Case- and accent-blind, as search boxes of music services are: "fur elise" finds "Für Elise". */
function fold(text: string): string {
  return text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
}

/** Tracks whose title or artist holds every word of the query, best (title starts with it) first. */
export function searchCatalog(query: string, limit: number): CatalogTrack[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const matches = CATALOG.filter((track) => {
    const haystack = fold(`${track.title} ${track.artist}`);
    return words.every((word) => haystack.includes(word));
  });
  const first = fold(query.trim());
  return matches.sort((a, b) => Number(fold(b.title).startsWith(first)) - Number(fold(a.title).startsWith(first))).slice(0, limit);
}

export function trackByUrl(url: string): CatalogTrack | undefined {
  return CATALOG.find((track) => track.url === url);
}
