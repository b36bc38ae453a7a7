import "server-only";
import { publishedValue } from "../published";
import { LATEST_POLICY, providerCached } from "@/lib/providers/cache";
import type { LatestItem, SourceAccount } from "@/lib/providers/types";
import { typedUrl } from "./feed-url";
import { FeedError, type Feed, type FeedItem } from "./feed";
import { readFeed } from "./read-feed";

// What the RSS and podcast adapters share: a feed read once a minute whoever asks (lookup, latest
// and the feed preview all want it), and the feed seen as a source and its newest entry as an alert.

export function cachedFeed(url: string): Promise<Feed> {
  return providerCached(`feed:${url}`, LATEST_POLICY, () => readFeed(url));
}

/** The feed at `idOrUrl` as a source; null when the address is none or the server says it has no such page. */
export async function lookupFeed(idOrUrl: string): Promise<SourceAccount | null> {
  const url = typedUrl(idOrUrl);
  if (!url) return null;
  try {
    return feedSource(await cachedFeed(url));
  } catch (error) {
    if (error instanceof FeedError && error.code === "feed_not_found") return null;
    throw error;
  }
}

export function feedSource(feed: Feed): SourceAccount {
  return { id: feed.url, name: feed.url, display_name: feed.title, avatar_url: feed.image, followers: null, url: feed.link ?? feed.url, live: null };
}

/** A provider's own variables of an entry (podcasts: `{audio}`). */
export type EntryExtra = (item: FeedItem) => Record<string, string>;

/** The newest entry as the alert's variables. */
export function feedLatest(feed: Feed, extra?: EntryExtra): LatestItem | null {
  const item = feed.items[0];
  return item ? entryItem(feed, item, extra) : null;
}

/** An entry as the alert's variables; `{published}` is a platform timestamp, shown in each reader's own time and language. */
export function entryItem(feed: Feed, item: FeedItem, extra: EntryExtra = () => ({})): LatestItem {
  return {
    values: { author: item.author ?? feed.author ?? feed.title, title: item.title, link: item.link ?? item.enclosure?.url ?? feed.link ?? feed.url, published: publishedValue(item.published), feed: feed.title, ...extra(item) },
    published_at: item.published,
  };
}
