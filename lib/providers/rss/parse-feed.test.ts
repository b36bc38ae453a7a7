/** @jest-environment node */
// Feed parsing on the sample feeds (emulators/social/feeds/samples: shaped like WordPress RSS,
// an Atom devlog, an RDF digest, a hosted podcast): every format lands on the same Feed shape.
import { atomFeed } from "@/emulators/social/feeds/samples/atom";
import { brokenFeed, sitePage } from "@/emulators/social/feeds/samples/pages";
import { podcastFeed } from "@/emulators/social/feeds/samples/podcast";
import { rdfFeed } from "@/emulators/social/feeds/samples/rdf";
import { rss2Feed } from "@/emulators/social/feeds/samples/rss2";
import { alternateFeeds } from "./discover";
import { FeedError } from "./feed";
import { parseFeed } from "./parse-feed";
import { plainText } from "./plain-text";

const BASE = "https://feeds.example";

function failure(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof FeedError) return error.code;
    throw error;
  }
  return "parsed";
}

test("RSS 2.0: CDATA, content:encoded, dc:creator, media thumbnails, entities", () => {
  const feed = parseFeed(rss2Feed(BASE), `${BASE}/feeds/ada-notes.xml`);
  expect({ title: feed.title, link: feed.link, image: feed.image, count: feed.items.length }).toEqual({
    title: "Ada's Engineering Notes",
    link: `${BASE}/feeds/ada-notes/`,
    image: `${BASE}/feeds/art/ada-notes.svg`,
    count: 3,
  });
  expect(feed.items[0]).toEqual({
    id: `${BASE}/feeds/ada-notes/?p=1843`,
    title: "Note G, annotated & explained",
    link: `${BASE}/feeds/ada-notes/2026/11/note-g-annotated/`,
    published: "2026-11-25T09:00:00.000Z",
    author: "Ada Lovelace",
    summary: "The table that computes the Bernoulli numbers, line by line. Why the engine needs loops.",
    image: `${BASE}/feeds/art/note-g.svg`,
    enclosure: null,
  });
  expect(feed.items[1]!.title).toBe("On the Analytical Engine\u2019s store");
});

test("Atom: typed text, relative alternate links, per-entry and feed authors, updated as the date", () => {
  const feed = parseFeed(atomFeed(BASE), `${BASE}/feeds/adacodes.atom`);
  expect({ title: feed.title, description: feed.description, link: feed.link, image: feed.image, author: feed.author }).toEqual({
    title: "adacodes devlog",
    description: "Building a difference engine in Rust, one gear at a time.",
    link: `${BASE}/feeds/adacodes/`,
    image: `${BASE}/feeds/art/adacodes.svg`,
    author: "adacodes",
  });
  expect(feed.items.map((item) => [item.title, item.link, item.published, item.author])).toEqual([
    ["Devlog #31: the anticipating carriage", `${BASE}/feeds/adacodes/devlog/31-anticipating-carriage`, "2026-11-26T19:00:00.000Z", "Ada Byron"],
    ["Devlog #30: punched cards as bytecode", `${BASE}/feeds/adacodes/devlog/30-punched-cards`, "2026-11-12T10:00:00.000Z", "adacodes"],
  ]);
  expect(feed.items[0]!.summary).toBe("Carrying tens in one step instead of ten. Benchmarks inside.");
});

test("RDF / RSS 1.0: items beside the channel, rdf:about ids, Dublin Core dates, newest first", () => {
  const feed = parseFeed(rdfFeed(BASE), `${BASE}/feeds/engine-digest.rdf`);
  expect({ title: feed.title, image: feed.image, author: feed.author }).toEqual({ title: "Analytical Engine Digest", image: `${BASE}/feeds/art/engine-digest.svg`, author: "The Babbage Society" });
  expect(feed.items.map((item) => [item.id, item.published, item.author])).toEqual([
    [`${BASE}/feeds/engine-digest/2026/48`, "2026-11-26T08:00:00.000Z", "Mary S."],
    [`${BASE}/feeds/engine-digest/2026/47`, "2026-11-19T08:00:00.000Z", "Charles B."],
  ]);
});

test("a podcast: iTunes tags, enclosures with type and length, episode artwork", () => {
  const feed = parseFeed(podcastFeed(BASE), `${BASE}/feeds/code-hour.xml`);
  expect({ title: feed.title, image: feed.image, author: feed.author }).toEqual({ title: "Ada's Code Hour", image: `${BASE}/feeds/art/code-hour.svg`, author: "Ada Lovelace & friends" });
  const [latest, previous] = feed.items;
  expect(latest).toMatchObject({
    id: "codehour-ep-42",
    title: "42: Loops before computers",
    author: "Ada Lovelace",
    published: "2026-11-26T06:00:00.000Z",
    image: `${BASE}/feeds/art/code-hour-42.svg`,
    enclosure: { url: `${BASE}/feeds/audio/code-hour-42.mp3`, type: "audio/mpeg", length: 58231040 },
  });
  // No link of its own: nothing invented; the author falls back to the show's.
  expect({ link: previous!.link, author: previous!.author }).toEqual({ link: null, author: "Ada Lovelace & friends" });
});

test("broken XML is feed_invalid; an HTML page or another XML document is feed_not_a_feed", () => {
  expect(failure(() => parseFeed(brokenFeed(), `${BASE}/broken.xml`))).toBe("feed_invalid");
  expect(failure(() => parseFeed("", `${BASE}/empty.xml`))).toBe("feed_invalid");
  expect(failure(() => parseFeed(sitePage(BASE), `${BASE}/`))).toBe("feed_not_a_feed");
  expect(failure(() => parseFeed(`<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>`, `${BASE}/a.svg`))).toBe("feed_not_a_feed");
});

test("links a page could be hurt by are dropped; relative ones are resolved", () => {
  const xml = `<rss version="2.0"><channel><title>T</title><link>javascript:alert(1)</link><item><title>x</title><link>/posts/1</link><guid>1</guid></item><item><title>y</title><link>data:text/html,hi</link></item></channel></rss>`;
  const feed = parseFeed(xml, `${BASE}/feed.xml`);
  expect([feed.link, feed.items[0]!.link, feed.items[1]!.link]).toEqual([null, `${BASE}/posts/1`, null]);
});

test("an entry with neither guid/id nor link is identified by a hash of its title and date, in every format", () => {
  const rss = (date: string) => `<rss version="2.0"><channel><title>T</title><item><title>Same title</title><pubDate>${date}</pubDate></item></channel></rss>`;
  const atom = `<feed xmlns="http://www.w3.org/2005/Atom"><title>T</title><entry><title>Same title</title><updated>2026-11-20T10:00:00Z</updated></entry></feed>`;
  const rdf = `<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>T</title></channel><item><title>Same title</title><dc:date>2026-11-20T10:00:00Z</dc:date></item></rdf:RDF>`;
  const id = (xml: string) => parseFeed(xml, `${BASE}/feed.xml`).items[0]!.id;
  const monday = id(rss("Mon, 16 Nov 2026 10:00:00 GMT"));
  expect(monday).toMatch(/^sha256:[0-9a-f]{32}$/);
  expect(id(rss("Mon, 16 Nov 2026 10:00:00 GMT"))).toBe(monday);
  expect(id(rss("Tue, 17 Nov 2026 10:00:00 GMT"))).not.toBe(monday);
  expect([id(atom), id(rdf)]).toEqual([expect.stringMatching(/^sha256:/), expect.stringMatching(/^sha256:/)]);
});

test("a page's announced feeds, absolute and without other alternates", () => {
  expect(alternateFeeds(sitePage(BASE), `${BASE}/feeds/ada-notes/`)).toEqual([`${BASE}/feeds/ada-notes.xml`, `${BASE}/feeds/adacodes.atom`]);
});

test("plain text: tags and scripts dropped, entities decoded, cut at a word", () => {
  expect(plainText("<p>Fish &amp; chips</p><script>x()</script><style>p{}</style>")).toBe("Fish & chips");
  expect(plainText("one two three four five", 16)).toBe("one two three…");
});
