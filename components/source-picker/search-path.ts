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
