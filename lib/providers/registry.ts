import "server-only";
import { podcastsAdapter } from "./podcasts/adapter";
import { rssAdapter } from "./rss/adapter";
import type { ProviderAdapter, ProviderId } from "./types";

// Every social provider adapter, by id. Each lives in lib/providers/<id>/ and talks to the
// provider's real HTTP API at the origin lib/env.ts gives it.
const ADAPTERS: Partial<Record<ProviderId, ProviderAdapter>> = {
  rss: rssAdapter,
  podcasts: podcastsAdapter,
};

export function providerAdapter(id: ProviderId): ProviderAdapter {
  const adapter = ADAPTERS[id];
  if (!adapter) throw new Error(`no adapter registered for ${id}`);
  return adapter;
}

export function registeredProviders(): ProviderId[] {
  return Object.keys(ADAPTERS) as ProviderId[];
}
