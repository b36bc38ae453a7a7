import "server-only";
import type { ProviderAdapter, ProviderId } from "./types";
import { kickAdapter } from "./kick/adapter";
import { twitchAdapter } from "./twitch/adapter";
import { youtubeAdapter } from "./youtube/adapter";

// Every social provider adapter, by id. Each lives in lib/providers/<id>/ and talks to the
// provider's real HTTP API at the origin lib/env.ts gives it.
const ADAPTERS: Partial<Record<ProviderId, ProviderAdapter>> = {
  twitch: twitchAdapter,
  youtube: youtubeAdapter,
  kick: kickAdapter,
};

export function providerAdapter(id: ProviderId): ProviderAdapter {
  const adapter = ADAPTERS[id];
  if (!adapter) throw new Error(`no adapter registered for ${id}`);
  return adapter;
}

export function registeredProviders(): ProviderId[] {
  return Object.keys(ADAPTERS) as ProviderId[];
}
