import "server-only";
import { PROVIDER_VARIABLES } from "../variables";
import type { ProviderAdapter } from "@/lib/providers/types";
import { discoverFeeds } from "./discover";
import { typedUrl } from "./feed-url";
import { cachedFeed, feedLatest, feedSource, lookupFeed } from "./feed-source";
import { pollFeeds } from "./poll-feeds";

// RSS, Atom and RDF feeds. A source's id is its feed URL; "searching" is discovery from a site
// or feed address (no directory to search). Keyless, so always configured.

export const rssAdapter: ProviderAdapter = {
  id: "rss",
  variables: PROVIDER_VARIABLES.rss,
  configured: () => true,
  async search(query) {
    const url = typedUrl(query);
    return url ? (await discoverFeeds(url)).map(feedSource) : [];
  },
  lookup: lookupFeed,
  async latest(id) {
    return feedLatest(await cachedFeed(id));
  },
  poll: (sources) => pollFeeds(sources),
};
