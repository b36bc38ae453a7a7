import type { IssueCode } from "@/lib/validation/issues";

// A feed as Guildhall reads it, whatever it was written in (RSS 2.0, Atom, RDF/RSS 1.0, with
// iTunes podcast tags), and the ways reading one can fail. Client-safe: the feed preview shows it.

export type FeedEnclosure = { url: string; type: string | null; length: number | null };

export type FeedItem = {
  /** guid, Atom id or rdf:about; else the link. */
  id: string;
  title: string;
  link: string | null;
  /** ISO 8601 when the feed dates it. */
  published: string | null;
  author: string | null;
  /** Plain text, short. */
  summary: string;
  image: string | null;
  /** A podcast episode's audio, a post's attachment. */
  enclosure: FeedEnclosure | null;
};

export type Feed = {
  /** The URL the feed was read from, after redirects: the feed's id (lib/providers/rss/discover.ts feedId). */
  url: string;
  title: string;
  link: string | null;
  description: string;
  image: string | null;
  author: string | null;
  /** Newest first. */
  items: FeedItem[];
};

/** Why a feed could not be read, as the field issue code the envelope carries (lib/validation/issues.ts). */
export type FeedFailure = Extract<IssueCode, `feed_${string}`>;

export class FeedError extends Error {
  constructor(
    readonly code: FeedFailure,
    message: string,
  ) {
    super(message);
    this.name = "FeedError";
  }
}
