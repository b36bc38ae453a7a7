import "server-only";
import { instagramAdapter } from "./instagram/adapter";
import { kickAdapter } from "./kick/adapter";
import { podcastsAdapter } from "./podcasts/adapter";
import { redditAdapter } from "./reddit/adapter";
import { rssAdapter } from "./rss/adapter";
import { tiktokAdapter } from "./tiktok/adapter";
import { twitchAdapter } from "./twitch/adapter";
import { twitterAdapter } from "./twitter/adapter";
import { youtubeAdapter } from "./youtube/adapter";
import type { ProviderAdapter, ProviderId } from "./types";

// Every social provider adapter, by id. Each lives in lib/providers/<id>/ and talks to the
// provider's real HTTP API at the origin lib/env.ts gives it.
const ADAPTERS: Record<ProviderId, ProviderAdapter> = {
  rss: rssAdapter,
  podcasts: podcastsAdapter,
  reddit: redditAdapter,
  twitter: twitterAdapter,
  tiktok: tiktokAdapter,
  instagram: instagramAdapter,
  twitch: twitchAdapter,
  youtube: youtubeAdapter,
  kick: kickAdapter,
};

export function providerAdapter(id: ProviderId): ProviderAdapter {
  return ADAPTERS[id];
}
