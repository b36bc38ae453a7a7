import "server-only";
import { z } from "zod";
import { fieldsError } from "@/lib/http/api-error";
import { userRoute } from "@/lib/http/route";
import { ProviderError, providerApiError } from "@/lib/providers/errors";
import { latestItem, lookupSource, searchSources } from "@/lib/providers/routes";
import { fieldIssue } from "@/lib/validation/server-messages";
import { inputText } from "@/lib/validation/text";
import { FeedError } from "./feed";
import { cachedFeed } from "./feed-source";
import { typedUrl } from "./feed-url";

// The RSS and podcast endpoints. Like lib/providers/routes.ts (signed in, budgeted, cached), but a
// feed that cannot be read is the address's fault, not the provider's: it answers 400
// validation_failed with the reason on the field that held the address (url, q or id), worded in
// the caller's language, instead of 503.

/** Feed addresses run long (tracking parameters, podcast hosts' tokens). */
const address = inputText().trim().min(1).max(2048);
/** How many entries the feed preview shows. */
const PREVIEW_ITEMS = 20;

/** GET …/feed?url=: the feed, newest entries first. */
export function feedRoute() {
  return userRoute({ query: z.object({ url: address }), budget: "provider-search" }, async ({ query }) =>
    onField("url", async () => {
      const url = typedUrl(query.url);
      if (!url) throw fieldsError([fieldIssue("url", "invalid_link")], "query");
      const feed = await cachedFeed(url);
      return { ...feed, items: feed.items.slice(0, PREVIEW_ITEMS) };
    }),
  );
}

/** GET …/search?q=: `{ results: SourceAccount[] }` (discovery for RSS, Apple's directory for podcasts). */
export function feedSearchRoute(provider: "rss" | "podcasts") {
  return userRoute({ query: z.object({ q: address }), budget: "provider-search" }, async ({ query }) =>
    onField("q", async () => ({ results: await searchSources(provider, query.q) })),
  );
}

/** GET …/latest?id=: the feed as a source and its newest entry as the alert's variables. */
export function feedLatestRoute(provider: "rss" | "podcasts") {
  return userRoute({ query: z.object({ id: address }), budget: "provider-search" }, async ({ query }) =>
    onField("id", async () => {
      const source = await lookupSource(provider, query.id);
      return { source, item: await latestItem(provider, source.id) };
    }),
  );
}

async function onField<T>(path: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof FeedError) throw fieldsError([fieldIssue(path, error.code)], "query");
    throw error instanceof ProviderError ? providerApiError(error) : error;
  }
}
