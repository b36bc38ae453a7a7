import "server-only";
import { createHash } from "node:crypto";
import { z } from "zod";
import { inputDateTime, inputText } from "@/lib/validation/text";
import { goneSource, POLL_ITEMS, pollEach } from "../poll";
import type { PolledItem, PollSource, PollState, SourcePoll } from "../types";
import { FeedError, type FeedItem } from "./feed";
import { entryItem, type EntryExtra } from "./feed-source";
import { typedUrl } from "./feed-url";
import { readFeedIfChanged } from "./read-feed";

// The RSS and podcast adapters' poll: each feed read once, with a conditional GET (the ETag and
// Last-Modified its previous answer gave), so an unchanged feed costs its host a 304 and us no
// parsing. Every feed is its own host: one that is down or slow is that feed's trouble, never
// the whole poll's (no ProviderError): it answers "unchanged" with the error, its state counts
// since when, and after a week of failures it is gone. A 404/410 or a page that is no feed any
// more is gone at once.

/** A feed that could not be read for this long is taken for dead. */
const GIVE_UP_MS = 7 * 24 * 3600_000;
/** Feed ids (guids) run long; a longer one is keyed by its hash. */
const MAX_KEY = 256;

/** What poll() keeps of a feed between polls; a state that does not read as this is no state. */
const feedState = z.object({
  etag: inputText().max(1024).nullish(),
  last_modified: inputText().max(100).nullish(),
  /** ISO 8601: the first of the failures in a row, null when the last reading worked. */
  failing_since: inputDateTime().nullish(),
});
type FeedState = z.output<typeof feedState>;

export function pollFeeds(sources: readonly PollSource[], extra?: EntryExtra, now = Date.now()): Promise<Map<string, SourcePoll>> {
  return pollEach(sources, (source) => pollFeed(source, extra, now));
}

async function pollFeed(source: PollSource, extra: EntryExtra | undefined, now: number): Promise<SourcePoll> {
  const url = typedUrl(source.id);
  if (!url) return goneSource("not a feed address");
  const before = feedState.safeParse(source.state ?? {});
  const state: FeedState = before.success ? before.data : {};
  try {
    const read = await readFeedIfChanged(url, { etag: state.etag ?? null, lastModified: state.last_modified ?? null });
    if (!read) return { ok: true, items: [], state: stateOf({ ...state, failing_since: null }), unchanged: true };
    const { feed, validators } = read;
    const items = feed.items.slice(0, POLL_ITEMS).map((item): PolledItem => ({ ...entryItem(feed, item, extra), key: keyOf(item), url: item.link }));
    return { ok: true, items, state: stateOf({ etag: validators.etag, last_modified: validators.lastModified, failing_since: null }) };
  } catch (error) {
    if (!(error instanceof FeedError)) throw error;
    if (error.code === "feed_not_found") return goneSource("the feed's address answers 404 or 410");
    if (error.code === "feed_not_a_feed") return goneSource("the feed's address serves no feed any more", "source_not_a_feed");
    const since = state.failing_since ?? new Date(now).toISOString();
    if (now - Date.parse(since) >= GIVE_UP_MS) return goneSource(`the feed could not be read for a week (${error.message})`, "source_unreachable");
    return { ok: true, items: [], state: stateOf({ ...state, failing_since: since }), unchanged: true, error: error.message };
  }
}

function stateOf(state: FeedState): PollState {
  return { etag: state.etag ?? null, last_modified: state.last_modified ?? null, failing_since: state.failing_since ?? null };
}

/** The entry's guid (Atom id, rdf:about), else its link, else a hash of title and date (parseFeed's id); hashed when long. */
function keyOf(item: FeedItem): string {
  return item.id.length <= MAX_KEY ? item.id : `sha256:${createHash("sha256").update(item.id).digest("hex")}`;
}
