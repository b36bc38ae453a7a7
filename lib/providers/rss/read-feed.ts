import "server-only";
import { guardedFetch, OutboundError, type GuardedFetchOptions, type GuardedResponse, type OutboundErrorKind } from "@/lib/http/guarded-fetch";
import { FeedError, type Feed, type FeedFailure } from "./feed";
import { feedId } from "./feed-url";
import { parseFeed } from "./parse-feed";

// Reading a feed a user named: only through the guarded fetch (a feed URL is the classic SSRF
// door), then parsed. Every failure is a FeedError whose code the form shows under the URL.

const ACCEPT = "application/rss+xml, application/atom+xml, application/rdf+xml, application/xml;q=0.9, text/xml;q=0.9, text/html;q=0.5, */*;q=0.1";

const FAILURE_OF: Record<OutboundErrorKind, FeedFailure> = {
  blocked_address: "feed_blocked_address",
  too_large: "feed_too_large",
  timeout: "feed_timeout",
  too_many_redirects: "feed_unreachable",
  bad_status: "feed_unreachable",
  unreachable: "feed_unreachable",
  bad_url: "feed_unreachable",
};

/** A server saying the page does not exist (404, 410 Gone) is a wrong address, not a site that is down. */
function failureOf(error: OutboundError): FeedFailure {
  return error.kind === "bad_status" && (error.status === 404 || error.status === 410) ? "feed_not_found" : FAILURE_OF[error.kind];
}

/** What a conditional GET sends back: the answer's ETag and Last-Modified, as it gave them. */
export type FeedValidators = { etag: string | null; lastModified: string | null };

type FeedPage = { url: string; text: string; contentType: string; validators: FeedValidators };

/** The page or feed at `url` as text (decoded in its declared charset); null when a conditional GET answered 304; FeedError when it cannot be had. */
async function fetchPage(url: string, options: GuardedFetchOptions): Promise<FeedPage | null> {
  let response: GuardedResponse;
  try {
    response = await guardedFetch(url, { ...options, headers: { accept: ACCEPT, ...options.headers } });
  } catch (error) {
    if (error instanceof OutboundError && error.kind === "bad_status" && error.status === 304) return null;
    if (error instanceof OutboundError) throw new FeedError(failureOf(error), error.message);
    throw error;
  }
  const contentType = String(response.headers["content-type"] ?? "").toLowerCase();
  const header = (name: string) => String(response.headers[name] ?? "").trim() || null;
  return { url: feedId(response.url), text: decode(response.body, contentType), contentType, validators: { etag: header("etag"), lastModified: header("last-modified") } };
}

/** The page or feed at `url` as text (decoded in its declared charset); FeedError when it cannot be had. */
export async function fetchFeedText(url: string, options: GuardedFetchOptions = {}): Promise<FeedPage> {
  const page = await fetchPage(url, options);
  if (!page) throw new FeedError("feed_unreachable", "the server answered 304 Not Modified to a request that was not conditional");
  return page;
}

/** The feed at `url`, parsed. */
export async function readFeed(url: string, options: GuardedFetchOptions = {}): Promise<Feed> {
  const page = await fetchFeedText(url, options);
  return parseFeed(page.text, page.url);
}

/**
 * The feed at `url` with a conditional GET: If-None-Match and If-Modified-Since from what its
 * previous answer said. Null when the server says it has not changed (304): nothing was sent.
 */
export async function readFeedIfChanged(url: string, since: FeedValidators): Promise<{ feed: Feed; validators: FeedValidators } | null> {
  const headers: Record<string, string> = {};
  if (since.etag) headers["if-none-match"] = since.etag;
  if (since.lastModified) headers["if-modified-since"] = since.lastModified;
  const page = await fetchPage(url, { headers });
  return page && { feed: parseFeed(page.text, page.url), validators: page.validators };
}

/** Bytes → text in the charset the Content-Type or the XML declaration names (UTF-8 otherwise). */
function decode(body: Buffer, contentType: string): string {
  const declared = /charset=["']?([\w-]+)/.exec(contentType)?.[1] ?? /^\s*<\?xml[^>]*encoding=["']([\w-]+)["']/i.exec(body.subarray(0, 200).toString("latin1"))?.[1] ?? "utf-8";
  try {
    return new TextDecoder(declared).decode(body);
  } catch {
    return new TextDecoder("utf-8").decode(body);
  }
}
