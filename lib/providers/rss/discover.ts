import "server-only";
import { Parser } from "htmlparser2";
import { FeedError, type Feed } from "./feed";
import { cachedFeed } from "./feed-source";
import { feedId } from "./feed-url";
import { looksLikeHtml, parseFeed } from "./parse-feed";
import { fetchFeedText } from "./read-feed";

// Feed discovery, what "searching" RSS means: a person pastes a site or a feed address; a site
// announces its feeds with <link rel="alternate" type="application/rss+xml" href="…"> in its head.

// JSON Feed is left out: parseFeed reads XML.
const FEED_TYPES = new Set(["application/rss+xml", "application/atom+xml", "application/rdf+xml"]);
const MAX_ALTERNATES = 5;

/** The feeds at or announced by `url`: the feed itself, or the page's alternates that parse. */
export async function discoverFeeds(url: string): Promise<Feed[]> {
  const page = await fetchFeedText(url);
  if (!page.contentType.includes("html") && !looksLikeHtml(page.text)) return [parseFeed(page.text, page.url)];
  const alternates = alternateFeeds(page.text, page.url).slice(0, MAX_ALTERNATES);
  if (alternates.length === 0) throw new FeedError("feed_not_a_feed", "the page announces no feed");
  const read = await Promise.allSettled(alternates.map((href) => cachedFeed(href)));
  const feeds = read.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
  if (feeds.length === 0) throw (read[0] as PromiseRejectedResult).reason;
  return feeds;
}

/** The feed URLs an HTML page announces, absolute, in page order, without repeats. */
export function alternateFeeds(html: string, pageUrl: string): string[] {
  const found: string[] = [];
  const parser = new Parser({
    onopentag(name, attributes) {
      if (name !== "link" || !attributes.href) return;
      const rel = (attributes.rel ?? "").toLowerCase().split(/\s+/);
      const type = (attributes.type ?? "").toLowerCase().split(";")[0]!.trim();
      if (!rel.includes("alternate") || !FEED_TYPES.has(type)) return;
      try {
        const href = feedId(new URL(attributes.href, pageUrl).href);
        if (/^https?:/.test(href) && !found.includes(href)) found.push(href);
      } catch {
        // An unusable href is skipped like a browser would.
      }
    },
  });
  parser.end(html);
  return found;
}
