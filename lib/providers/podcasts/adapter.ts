import "server-only";
import { PROVIDER_VARIABLES } from "../variables";
import { cachedFeed, feedLatest, feedSource, lookupFeed, type EntryExtra } from "@/lib/providers/rss/feed-source";
import { pollFeeds } from "@/lib/providers/rss/poll-feeds";
import { typedUrl } from "@/lib/providers/rss/feed-url";
import type { ProviderAdapter } from "@/lib/providers/types";
import { searchPodcasts } from "./itunes";

// Podcasts: found through Apple's directory, followed through their RSS feed (a source's id is
// the feed URL, read by the same guarded reader as RSS). A pasted feed address is read directly,
// and why it cannot be (no such page, a web page, a private address…) is the search's answer.

const episodeAudio: EntryExtra = (item) => ({ audio: item.enclosure?.url ?? "" });

export const podcastsAdapter: ProviderAdapter = {
  id: "podcasts",
  variables: PROVIDER_VARIABLES.podcasts,
  configured: () => true,
  async search(query) {
    const url = /^https?:\/\//i.test(query.trim()) ? typedUrl(query) : null;
    if (url) return [feedSource(await cachedFeed(url))];
    return searchPodcasts(query);
  },
  lookup: lookupFeed,
  async latest(id) {
    return feedLatest(await cachedFeed(id), episodeAudio);
  },
  poll: (sources) => pollFeeds(sources, episodeAudio),
};
