import "server-only";
import { TtlCache } from "@/lib/platform/ttl-cache";
import { clearAppTokens } from "./app-token";
import { clearProviderPauses } from "./pauses";

// Provider answers are cached in-process (DESIGN "Scale": Redis later): searches briefly,
// since people type the same name again; a source's latest item for a minute, since every
// open form previews it. Concurrent callers of one key share one provider call.

export const SEARCH_POLICY = { ttlMs: 120_000, staleMs: 120_000 };
export const LOOKUP_POLICY = { ttlMs: 300_000, staleMs: 300_000 };
export const LATEST_POLICY = { ttlMs: 60_000, staleMs: 60_000 };

const store = globalThis as typeof globalThis & { __guildhallProviderCache?: TtlCache };

export function providerCache(): TtlCache {
  store.__guildhallProviderCache ??= new TtlCache({ maxEntries: 5000 });
  return store.__guildhallProviderCache;
}

export async function providerCached<T>(key: string, policy: { ttlMs: number; staleMs: number }, load: () => Promise<T>): Promise<T> {
  return (await providerCache().get(key, policy, load)).value;
}

/** Tests and the harness: forget every provider answer, pause and app token, so nothing leaks between cases. */
export function clearProviderCache(): void {
  providerCache().clear();
  clearProviderPauses();
  clearAppTokens();
}
