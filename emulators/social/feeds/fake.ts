import type { IncomingMessage, ServerResponse } from "node:http";
import type { FakeControl } from "../control";
import type { FakeRequest, SocialFake } from "../fakes";
import { SHOWS } from "./catalogue";
import { entryId, feedValidators, notModified, publishEntry, resetEntries, withEntries } from "./published";
import { atomFeed } from "./samples/atom";
import { aboutPage, brokenFeed, hugeFeed, sitePage } from "./samples/pages";
import { podcastFeed, showFeed } from "./samples/podcast";
import { rdfFeed } from "./samples/rdf";
import { rss2Feed } from "./samples/rss2";

// Web sites and their feeds, for the RSS and podcast adapters: the formats found in the wild,
// a home page announcing its feeds, and the feeds that must be refused (broken, 5 MB, too slow).
// Feeds carry an ETag and Last-Modified and answer a conditional GET with 304 until the control
// API publishes a new entry in them (published.ts).
// Its origin is in OUTBOUND_ALLOWED_ORIGINS (server.ts), the one way the guarded fetch reaches
// loopback. Artwork is served here too (SVG), so the demo's images come from the fake itself.

const RSS = "application/rss+xml; charset=utf-8";
const FEEDS: Record<string, { type: string; body: (base: string) => string; encoding?: BufferEncoding }> = {
  "ada-notes.xml": { type: RSS, body: rss2Feed },
  "adacodes.atom": { type: "application/atom+xml; charset=utf-8", body: atomFeed },
  "engine-digest.rdf": { type: "application/rdf+xml", body: rdfFeed, encoding: "latin1" },
  "code-hour.xml": { type: RSS, body: podcastFeed },
  "broken.xml": { type: RSS, body: brokenFeed },
  "ada-notes": { type: "text/html; charset=utf-8", body: sitePage },
  about: { type: "text/html; charset=utf-8", body: aboutPage },
  ...Object.fromEntries(SHOWS.filter((show) => show.episodes.length).map((show) => [`${show.slug}.xml`, { type: RSS, body: (base: string) => showFeed(base, show) }])),
};

export const HUGE_FEED_BYTES = 5 * 1024 * 1024;
let huge: string | null = null;

const feedControl: FakeControl = {
  providers: ["rss", "podcasts"],
  publish({ source, title }) {
    // A file name ("ada-notes.xml") or the feed's URL on this server.
    const name = source.replace(/^https?:\/\/[^/]+\/feeds\//, "").replace(/[?#].*$/, "");
    const feed = FEEDS[name];
    if (!feed || !/xml/.test(feed.type) || name === "broken.xml") return null;
    const entry = publishEntry(name, title ?? "A new entry");
    return { id: entryId(name, entry), ...feedValidators(name) };
  },
  reset: resetEntries,
};

export const feedsFake: SocialFake = {
  segment: "feeds",
  configuredBy: [],
  // Feeds are addressed by URL: nothing to point at the fake but OUTBOUND_ALLOWED_ORIGINS.
  env: () => ({}),
  control: feedControl,
  handle({ req, res, path }: FakeRequest) {
    const base = `http://${req.headers.host ?? "127.0.0.1"}`;
    const [name = "", ...rest] = path;
    const feed = FEEDS[name];
    if (feed && rest.length === 0) return sendFeed(req, res, name, feed.type, Buffer.from(withEntries(name, feed.body(base), base), feed.encoding ?? "utf8"));
    if (name === "moved.xml") {
      res.writeHead(301, { Location: `${base}/feeds/ada-notes.xml` }).end();
      return true;
    }
    if (name === "huge.xml") return send(res, RSS, (huge ??= hugeFeed(base, HUGE_FEED_BYTES)));
    if (name === "slow.xml") return trickle(res);
    if (name === "art" && rest[0]?.endsWith(".svg")) return send(res, "image/svg+xml", artwork(rest[0].slice(0, -4)));
    if (name === "audio" && rest[0]?.endsWith(".mp3")) return send(res, "audio/mpeg", "ID3");
    return false;
  },
};

/** A feed with its validators, or 304 when the request's copy is current. */
function sendFeed(req: IncomingMessage, res: ServerResponse, name: string, type: string, body: Buffer): true {
  const { etag, lastModified } = feedValidators(name);
  res.setHeader("ETag", etag);
  res.setHeader("Last-Modified", lastModified);
  if (notModified(name, req.headers["if-none-match"], req.headers["if-modified-since"])) {
    res.writeHead(304, { "Cache-Control": "max-age=300" }).end();
    return true;
  }
  return send(res, type, body);
}

function send(res: ServerResponse, type: string, body: string | Buffer): true {
  res.writeHead(200, { "Content-Type": type, "Cache-Control": "max-age=300" }).end(body);
  return true;
}

/** A feed that sends its headers at once, then a byte every half second, as an overloaded host does. */
function trickle(res: ServerResponse): true {
  res.writeHead(200, { "Content-Type": RSS });
  res.write(`<?xml version="1.0"?>\n<rss version="2.0"><channel><title>Slow</title>`);
  const timer = setInterval(() => res.write(" "), 500);
  const stop = () => clearInterval(timer);
  res.on("close", stop);
  setTimeout(() => {
    stop();
    res.end("</channel></rss>");
  }, 60_000).unref();
  return true;
}

/** A square cover with the source's initials, in a colour of its own. */
function artwork(slug: string): string {
  const initials = slug.split(/[-_]/).filter(Boolean).slice(0, 2).map((word) => word[0]!.toUpperCase()).join("") || "?";
  const hue = [...slug].reduce((sum, char) => (sum * 31 + char.charCodeAt(0)) % 360, 7);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600"><rect width="600" height="600" fill="hsl(${hue} 55% 42%)"/><text x="300" y="370" font-family="sans-serif" font-size="220" font-weight="700" text-anchor="middle" fill="#fff">${initials}</text></svg>`;
}
