import type { SourceAccount } from "@/lib/providers/types";

export type { SourceAccount };

/** The source picker's and the alert preview's strings, translated by the server page; `{query}`, `{count}`, `{title}` are filled in the browser. */
export type SourcePickerLabels = {
  /** BCP 47 tag: follower counts are written in the page's language. */
  locale: string;
  /** The platform CDN's origin: avatars load only from here or from this site (the page's image policy). */
  cdnBase: string;
  placeholder: string;
  searching: string;
  /** "No account found for “{query}”." */
  noResults: string;
  /** A feed picker (RSS, a podcast's feed) given text that is no web address: what to type instead. */
  addressExpected: string;
  live: string;
  /** "{count} followers" with `count` already formatted. */
  followers: string;
  /** Provider failures, by envelope code; each says saved subscriptions are kept. */
  failures: { provider_unavailable: string; provider_not_configured: string; provider_rate_limited: string };
  /** Alert preview states in the item dialog. */
  latest: { loading: string; ready: string; empty: string; failed: string };
};

/** What the picker writes into the item: the stable id and the name shown. */
export type ChosenSource = { id: string; name: string };
