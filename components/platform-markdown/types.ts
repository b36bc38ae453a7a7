import type { MentionLookup } from "@/lib/templates/mentions";

/** The strings markdown needs, translated by the server page (messages "markdown"). */
export type MarkdownLabels = {
  /** Accessible name of a hidden spoiler: "Spoiler, press to reveal". */
  spoiler: string;
};

/** What drawing markdown needs besides the tree: names for mentions, the CDN, the viewer's language, zone and clock. */
export type MarkdownView = {
  lookup: MentionLookup;
  /** Role colours (CSS) by id, for role pills. */
  roleColors: ReadonlyMap<string, string>;
  /** The platform CDN base (TemplateContext.cdnBase), for custom emoji. */
  cdnBase: string;
  /** BCP 47 tag of the page: timestamps read in the viewer's language. */
  locale: string;
  /** IANA time zone of timestamps; server and browser must pass the same one while hydrating. */
  timeZone: string;
  /** Milliseconds since the epoch that `R` timestamps count from; without it they show as a date. */
  now?: number;
  labels: MarkdownLabels;
};
