import "server-only";
import { z } from "zod";
import { getEnv } from "@/lib/env";
import { ProviderError } from "@/lib/providers/errors";
import { rateLimited } from "@/lib/providers/pauses";
import { callProvider, parsed, retryAfterSeconds } from "@/lib/providers/provider-call";
import type { SourceAccount } from "@/lib/providers/types";
import { feedId } from "@/lib/providers/rss/feed-url";
import { inputText } from "@/lib/validation/text";

// Apple's iTunes Search API (https://performance-partners.apple.com/search-api), keyless:
// GET {PODCAST_SEARCH_URL}/search?media=podcast&entity=podcast&term=…&limit=… answers
// { resultCount, results: [{ collectionId, collectionName, artistName, feedUrl, artworkUrl600… }] }
// as text/javascript. A podcast's id is its feed URL: the feed is what alerts follow.

const RESULTS = 10;
/** Apple asks for about 20 calls a minute and throttles with 403 (no key to be wrong) or 429. */
const THROTTLE_WAIT_SECONDS = 60;

const answerSchema = z.object({
  resultCount: z.number().int().min(0),
  results: z.array(
    z.object({
      collectionId: z.number().int(),
      collectionName: inputText(),
      artistName: inputText().optional(),
      feedUrl: inputText().optional(),
      collectionViewUrl: inputText().optional(),
      artworkUrl100: inputText().optional(),
      artworkUrl600: inputText().optional(),
    }),
  ),
});

export async function searchPodcasts(term: string): Promise<SourceAccount[]> {
  const url = new URL(`${getEnv().PODCAST_SEARCH_URL.replace(/\/$/, "")}/search`);
  url.search = new URLSearchParams({ media: "podcast", entity: "podcast", term, limit: String(RESULTS) }).toString();
  // Apple's content type is text/javascript: the body is read as text and parsed, whatever it says.
  const answer = await callProvider("podcasts", url, { headers: { accept: "application/json" } }, { defaultWaitSeconds: THROTTLE_WAIT_SECONDS });
  if (answer.status === 403) throw rateLimited("podcasts", retryAfterSeconds(answer.headers) ?? THROTTLE_WAIT_SECONDS, "the iTunes Search API throttled us (403)");
  if (!answer.ok) throw new ProviderError("podcasts", "bad_answer", `the iTunes Search API answered ${answer.status}`);
  return parsed("podcasts", answerSchema, answer).results.flatMap((show) => {
    const feed = httpUrl(show.feedUrl);
    // A show without a public feed cannot be followed.
    if (!feed) return [];
    const id = feedId(feed);
    return [
      {
        id,
        name: id,
        display_name: show.collectionName,
        avatar_url: httpUrl(show.artworkUrl600) ?? httpUrl(show.artworkUrl100),
        // Apple tells no audience size; trackCount is episodes, not listeners.
        followers: null,
        url: httpUrl(show.collectionViewUrl) ?? id,
        live: null,
      },
    ];
  });
}

function httpUrl(value: string | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}
