import type { FakeRequest, SocialFake } from "../fakes";
import { SHOWS, type Show } from "../feeds/catalogue";

// Apple's iTunes Search API as podcast search uses it: GET /search?term=…&media=podcast&limit=…
// answers { resultCount, results } with the podcast fields Apple sends (collectionId,
// collectionName, artistName, feedUrl, artworkUrl30…600, trackCount, genres…), served like
// Apple's as text/javascript. Keyless, like Apple's; the feeds themselves come from the feeds fake.

export const itunesFake: SocialFake = {
  segment: "itunes",
  configuredBy: ["PODCAST_SEARCH_URL"],
  env: (base) => ({ PODCAST_SEARCH_URL: `${base}/itunes` }),
  handle({ req, res, url, path }: FakeRequest) {
    if (req.method !== "GET" || path.join("/") !== "search") return false;
    const term = (url.searchParams.get("term") ?? "").trim().toLowerCase();
    const media = url.searchParams.get("media") ?? "all";
    const limit = Math.min(200, Math.max(1, Number(url.searchParams.get("limit")) || 50));
    const base = `http://${req.headers.host ?? "127.0.0.1"}`;
    const words = term.split(/[\s+]+/).filter(Boolean);
    const found =
      words.length && (media === "podcast" || media === "all")
        ? SHOWS.filter((show) => words.every((word) => `${show.title} ${show.author}`.toLowerCase().includes(word))).slice(0, limit)
        : [];
    res.writeHead(200, { "Content-Type": "text/javascript; charset=utf-8" });
    // Apple pads its JSON with blank lines; readers must not rely on a JSON content type.
    res.end(`\n\n\n${JSON.stringify({ resultCount: found.length, results: found.map((show) => result(show, base)) })}\n`);
    return true;
  },
};

function result(show: Show, base: string) {
  const art = `${base}/feeds/art/${show.slug}.svg`;
  const episodes = show.episodes.length || 42;
  return {
    wrapperType: "track",
    kind: "podcast",
    collectionId: show.collectionId,
    trackId: show.collectionId,
    artistName: show.author,
    collectionName: show.title,
    trackName: show.title,
    collectionCensoredName: show.title,
    trackCensoredName: show.title,
    collectionViewUrl: `https://podcasts.apple.com/us/podcast/${show.slug}/id${show.collectionId}?uo=4`,
    feedUrl: `${base}/feeds/${show.slug}.xml`,
    trackViewUrl: `https://podcasts.apple.com/us/podcast/${show.slug}/id${show.collectionId}?uo=4`,
    artworkUrl30: art,
    artworkUrl60: art,
    artworkUrl100: art,
    artworkUrl600: art,
    collectionPrice: 0,
    trackPrice: 0,
    collectionHdPrice: 0,
    releaseDate: show.episodes[0]?.date ?? "2026-11-26T06:00:00Z",
    collectionExplicitness: "notExplicit",
    trackExplicitness: "cleaned",
    trackCount: episodes,
    country: "USA",
    currency: "USD",
    primaryGenreName: show.genre,
    contentAdvisoryRating: "Clean",
    genreIds: ["1318", "26"],
    genres: [show.genre, "Podcasts"],
  };
}
