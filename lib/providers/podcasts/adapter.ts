import "server-only";
import { PROVIDER_VARIABLES } from "../variables";
import { cachedFeed, feedLatest, lookupFeed } from "@/lib/providers/rss/feed-source";
import { typedUrl } from "@/lib/providers/rss/feed-url";
import type { ProviderAdapter } from "@/lib/providers/types";
import { searchPodcasts } from "./itunes";

// Podcasts: found through Apple's directory, followed through their RSS feed (a source's id is
// the feed URL, read by the same guarded reader as RSS). A pasted feed address is looked up directly.

export const podcastsAdapter: ProviderAdapter = {
  id: "podcasts",
  variables: PROVIDER_VARIABLES.podcasts,
  configured: () => true,
  async search(query) {
    if (/^https?:\/\//i.test(query.trim()) && typedUrl(query)) {
      const found = await lookupFeed(query);
      return found ? [found] : [];
    }
    return searchPodcasts(query);
  },
  lookup: lookupFeed,
  async latest(id) {
    return feedLatest(await cachedFeed(id), (item) => ({ audio: item.enclosure?.url ?? "" }));
  },
};
