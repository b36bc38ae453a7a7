// The platform's markdown as a small tree of our own: parse.ts builds it from a rendered
// template, components/platform-markdown draws it. Nothing in it is HTML: text is text, so a
// message holding `<b>` or `<script>` shows those characters. Pure and client-safe.

import type { MentionKind } from "@/lib/templates/mentions";

/** `<t:unix:style>`: short/long time, short/long date, short/long date and time, relative. */
export type TimestampStyle = "t" | "T" | "d" | "D" | "f" | "F" | "R";

/** The style `<t:unix>` gets without one (the platform's default). */
export const DEFAULT_TIMESTAMP_STYLE: TimestampStyle = "f";

export type StyleKind = "bold" | "italic" | "underline" | "strike" | "spoiler";

export type MarkdownNode =
  /** May hold line breaks ("\n"): the preview keeps them as typed. */
  | { type: "text"; text: string }
  | { type: StyleKind; children: MarkdownNode[] }
  | { type: "inlineCode"; code: string }
  | { type: "codeBlock"; code: string; language?: string }
  | { type: "quote"; children: MarkdownNode[] }
  | { type: "heading"; level: 1 | 2 | 3; children: MarkdownNode[] }
  | { type: "subtext"; children: MarkdownNode[] }
  /** `start` is the first item's number (ordered lists count on from it). */
  | { type: "list"; ordered: boolean; start: number; items: MarkdownNode[][] }
  /** `[text](https://…)`: only web targets become links. */
  | { type: "link"; url: string; children: MarkdownNode[] }
  /** A bare `https://…`, or one in angle brackets. */
  | { type: "url"; url: string }
  /** Seconds since the epoch, as written. */
  | { type: "timestamp"; unix: number; style: TimestampStyle }
  | { type: "emoji"; name: string; id: string; animated: boolean }
  | { type: "mention"; kind: MentionKind; id: string }
  | { type: "broadcast"; target: "everyone" | "here" };
