import { typedUrl } from "@/lib/providers/rss/feed-url";
import type { ProviderId } from "@/lib/providers/types";

// Paths below /api of the provider endpoints (spec 7): Twitch's search has its own name.

export function searchPath(provider: ProviderId, query: string): string {
  const endpoint = provider === "twitch" ? "search-streamers" : "search";
  return `/plugins/${provider}/${endpoint}?${new URLSearchParams({ q: query })}`;
}

export function latestPath(provider: ProviderId, id: string): string {
  return `/plugins/${provider}/latest?${new URLSearchParams({ id })}`;
}

/** Envelope codes a provider failure answers with (lib/providers/errors.ts); anything else reads as unavailable. */
export const PROVIDER_FAILURES = ["provider_unavailable", "provider_not_configured", "provider_rate_limited"] as const;
export type ProviderFailureCode = (typeof PROVIDER_FAILURES)[number];

export function failureOf(code: string | undefined): ProviderFailureCode {
  return PROVIDER_FAILURES.find((known) => known === code) ?? "provider_unavailable";
}

/**
 * Whether `query` cannot be searched because an address is wanted: RSS finds feeds only from a
 * site's or a feed's address, and a podcast search that starts like an address must be one.
 * Said before any request, so a word typed into the RSS picker is not sent to be "not found".
 */
export function needsAddress(provider: ProviderId, query: string): boolean {
  if (provider === "rss") return typedUrl(query) === null;
  if (provider === "podcasts") return /^https?:\/\//i.test(query.trim()) && typedUrl(query) === null;
  return false;
}
