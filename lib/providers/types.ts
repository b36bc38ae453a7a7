// The contract every social provider adapter (lib/providers/<name>/) fulfils, so that the
// search endpoints, the subscription forms and the alert previews treat Twitch, YouTube,
// RSS… alike. Client-safe types only: adapters themselves are server-only.

export const PROVIDER_IDS = ["twitch", "youtube", "kick", "reddit", "rss", "podcasts", "tiktok", "instagram", "twitter"] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];

/** One account, channel, subreddit or feed as the provider knows it. */
export type SourceAccount = {
  /** The provider's stable id: what a subscription stores (Twitch user id, YouTube channel id, feed URL…). */
  id: string;
  /** The handle a person types (Twitch login, @handle, subreddit name); equals id when there is none. */
  name: string;
  display_name: string;
  avatar_url: string | null;
  /** Followers, subscribers or members, when the provider tells. */
  followers: number | null;
  /** The source's public page. */
  url: string;
  /** Live providers: whether the account is live right now (null when unknown or not a live provider). */
  live?: boolean | null;
};

/**
 * The newest item of a source (a stream, a video, a post, a feed entry), as the alert
 * message's variables: each provider lists its names in `variables` (`{streamer}`, `{title}`…).
 */
export type LatestItem = {
  /** Values of the provider's variables, keyed without braces: { streamer: "Ada", title: "…" }. */
  values: Record<string, string>;
  /** ISO 8601, when the provider gives one. */
  published_at: string | null;
};

/** One item a poll found: a live stream, a video, a post, a feed entry. */
export type PolledItem = LatestItem & {
  /** Stable and unique within its source (stream id, video id, post id, feed guid): what makes a post happen once. */
  key: string;
  /** The item's public page (the stream, the video, the post), when it has one. */
  url: string | null;
};

/** What a provider remembers between two polls of one source (ETag, Last-Modified…): JSON, opaque to callers. */
export type PollState = Record<string, string | number | null>;

/** One source a poll asks for, with the state its previous answer returned (null the first time). */
export type PollSource = { id: string; state: PollState | null };

/** Why a source is gone, for the caller to word in the guild's language. */
export type PollGoneCode =
  /** No such account, channel, subreddit or feed (deleted, renamed away, 404/410). */
  | "source_gone"
  /** It exists but we may no longer read it (a private subreddit, a protected X account). */
  | "source_private"
  /** The address answers, but with something that is no feed any more (a web page). */
  | "source_not_a_feed"
  /** A feed that could not be read at all for a week (its host is gone). */
  | "source_unreachable";

/** One source's answer to a poll. */
export type SourcePoll =
  /**
   * The source's current items (newest first, at most ~20; for live providers the live stream, or
   * none when offline), and the state to hand to the next poll. `unchanged`: nothing new was read:
   * a conditional GET answered 304, or (with `error`) this one feed could not be read this time
   * (its host down or slow): ask again next time, the state counts how long it has failed.
   */
  | { ok: true; items: PolledItem[]; state: PollState; unchanged?: boolean; error?: string }
  /** The source no longer exists (deleted account, dead feed): subscriptions to it pause. `reason` is short English for logs. */
  | { ok: false; gone: true; code: PollGoneCode; reason: string };

export type ProviderAdapter = {
  id: ProviderId;
  /** The variables its alert messages may use, in the order the editor's `{` menu lists them. */
  variables: readonly string[];
  /** False when its credentials are not set: callers answer 503 provider_not_configured. */
  configured(): boolean;
  search(query: string): Promise<SourceAccount[]>;
  /** The source by stable id (or, where a provider allows, by handle); null when it does not exist. */
  lookup(idOrName: string): Promise<SourceAccount | null>;
  /** The newest item, for the preview; null when the source has none yet. */
  latest(id: string): Promise<LatestItem | null>;
  /**
   * The alert checker's call: the current items of many sources at once, batched as the
   * provider allows (Twitch: 100 user ids per Helix call), each source fetched once (feeds with
   * a conditional GET from its PollState). A failure of the provider as a whole (5xx, 429,
   * network) throws ProviderError (with retryAfter when the provider said); a source that no
   * longer exists answers { ok: false, gone: true }. Every asked id has an entry in the map.
   * Feeds have no provider as a whole (each is its own host): a feed that cannot be read answers
   * { ok: true, items: [], unchanged: true, error }, never a throw, so one dead host stops no other.
   */
  poll(sources: readonly PollSource[]): Promise<Map<string, SourcePoll>>;
};

/** How a provider call failed, as callers need to tell it (lib/providers/errors.ts maps it to the envelope). */
export type ProviderFailure = "unavailable" | "rate_limited" | "not_configured" | "bad_answer";
