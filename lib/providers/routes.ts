import "server-only";
import { shownAvatarUrl } from "./avatars";
import { z } from "zod";
import { ApiError } from "@/lib/http/api-error";
import { userRoute } from "@/lib/http/route";
import { inputText } from "@/lib/validation/text";
import { LATEST_POLICY, LOOKUP_POLICY, SEARCH_POLICY, providerCached } from "./cache";
import { ProviderError } from "./errors";
import { providerAdapter } from "./registry";
import type { LatestItem, ProviderId, SourceAccount } from "./types";

// The handlers behind /api/plugins/{provider}/search, …/channel/{id}, …/latest: one shape for
// every provider. Signed-in users only (they spend our API quotas), budgeted per user, cached.
// Route files are one line each: `export const GET = providerSearchRoute("twitch");`.

const searchQuery = z.object({ q: inputText().trim().min(1).max(100) });
const sourceId = inputText().trim().min(1).max(2048);

export async function searchSources(provider: ProviderId, query: string): Promise<SourceAccount[]> {
  const adapter = configuredAdapter(provider);
  return (await providerCached(`search:${provider}:${query.toLowerCase()}`, SEARCH_POLICY, () => adapter.search(query))).map(shown);
}

export async function lookupSource(provider: ProviderId, idOrName: string): Promise<SourceAccount> {
  const adapter = configuredAdapter(provider);
  const found = await providerCached(`lookup:${provider}:${idOrName}`, LOOKUP_POLICY, () => adapter.lookup(idOrName));
  if (!found) throw new ApiError(404, "source_not_found", "No such account, channel or feed.");
  return shown(found);
}

/** The account as pages may show it: its avatar through our own address (lib/providers/avatars.ts). */
export function shown<T extends { avatar_url: string | null }>(account: T): T {
  return { ...account, avatar_url: shownAvatarUrl(account.avatar_url) };
}

export async function latestItem(provider: ProviderId, id: string): Promise<LatestItem | null> {
  const adapter = configuredAdapter(provider);
  return providerCached(`latest:${provider}:${id}`, LATEST_POLICY, () => adapter.latest(id));
}

function configuredAdapter(provider: ProviderId) {
  const adapter = providerAdapter(provider);
  if (!adapter.configured()) throw new ProviderError(provider, "not_configured", `${provider} has no credentials`);
  return adapter;
}

/** GET …?q=: `{ results: SourceAccount[] }`. */
export function providerSearchRoute(provider: ProviderId) {
  return userRoute({ query: searchQuery, budget: "provider-search" }, async ({ query }) => ({ results: await searchSources(provider, query.q) }));
}

/** GET …/{id}: one SourceAccount, or 404 source_not_found. `param` names the path segment. */
export function providerLookupRoute(provider: ProviderId, param = "id") {
  return userRoute({ params: z.object({ [param]: sourceId }), budget: "provider-search" }, async ({ params }) => lookupSource(provider, (params as Record<string, string>)[param]!));
}

/** GET …/latest?id=: the source and its newest item (null before its first), for the alert preview. */
export function providerLatestRoute(provider: ProviderId) {
  return userRoute({ query: z.object({ id: sourceId }), budget: "provider-search" }, async ({ query }) => {
    const source = await lookupSource(provider, query.id);
    return { source, item: await latestItem(provider, source.id) };
  });
}
