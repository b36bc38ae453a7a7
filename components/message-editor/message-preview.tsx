"use client";

import { memo, useMemo } from "react";
import { MentionPill } from "@/components/platform-markdown/mention-pill";
import { PlatformMarkdown } from "@/components/platform-markdown/platform-markdown";
import type { MarkdownLabels, MarkdownView } from "@/components/platform-markdown/types";
import { useViewerClock } from "@/components/platform-markdown/use-viewer-clock";
import type { TemplateContext } from "@/lib/templates/context";
import type { MarkdownNode } from "@/lib/templates/markdown/ast";
import { parseMarkdown } from "@/lib/templates/markdown/parse";
import { splitMentions, type MentionLookup, type MentionSegment } from "@/lib/templates/mentions";
import { renderTemplate } from "@/lib/templates/render";
import { steadyRandom } from "./mention-lookup";
import { PreviewFrame } from "./preview-frame";
import { usePageLocale } from "./use-page-locale";
import styles from "./message-editor.module.css";

type Props = {
  text: string;
  context: TemplateContext;
  lookup: MentionLookup;
  /** Role colours (CSS) by id, for role pills. */
  roleColors: ReadonlyMap<string, string>;
  labels: { preview: string; previewEmpty: string; markdown?: MarkdownLabels };
  /** BCP 47 tag for timestamps; the route's language when absent. */
  locale?: string;
  /** Drawn under the text, inside the message (the embed builder's embeds). */
  children?: React.ReactNode;
  testId?: string;
};

// Pages whose server code does not pass markdown's translated strings yet (MessageEditorLabels
// .markdown is optional) still name spoilers, in English, rather than leave them unnamed.
const FALLBACK_MARKDOWN_LABELS: MarkdownLabels = { spoiler: "Spoiler, press to reveal" };

/** A template as the bot would send it: variables rendered against the sample context, then its markdown. */
export function useRenderedMarkdown(text: string, context: TemplateContext): MarkdownNode[] {
  return useMemo(() => parseMarkdown(renderTemplate(text, context, { random: steadyRandom })), [text, context]);
}

type ViewParts = { lookup: MentionLookup; roleColors: ReadonlyMap<string, string>; cdnBase: string; locale: string; labels?: MarkdownLabels };

/** What drawing markdown needs, with the viewer's clock (UTC and no "now" while hydrating). */
export function useMarkdownView({ lookup, roleColors, cdnBase, locale, labels }: ViewParts): MarkdownView {
  const { timeZone, now } = useViewerClock();
  return useMemo(
    () => ({ lookup, roleColors, cdnBase, locale, timeZone, now, labels: labels ?? FALLBACK_MARKDOWN_LABELS }),
    [lookup, roleColors, cdnBase, locale, timeZone, now, labels],
  );
}

/** A template as the bot would send it, split into text and mentions only: for the parts the platform shows without markdown (an embed's title, author, footer). */
export function useRenderedSegments(text: string, context: TemplateContext): MentionSegment[] {
  return useMemo(() => splitMentions(renderTemplate(text, context, { random: steadyRandom })), [text, context]);
}

type SegmentsProps = { segments: readonly MentionSegment[]; lookup: MentionLookup; roleColors: ReadonlyMap<string, string> };

/** Rendered segments: text as is, mentions as pills with names (unknown ids dimmed). */
export function Segments({ segments, lookup, roleColors }: SegmentsProps) {
  return segments.map((segment, index) =>
    segment.kind === "text" ? segment.value : <MentionPill key={index} kind={segment.kind} id={segment.id} lookup={lookup} roleColors={roleColors} />,
  );
}

/** One template rendered in place without markdown (an embed's title, author, footer): variables and mention pills. */
export const RenderedText = memo(function RenderedText({ text, context, lookup, roleColors }: Omit<SegmentsProps, "segments"> & { text: string; context: TemplateContext }) {
  return <Segments segments={useRenderedSegments(text, context)} lookup={lookup} roleColors={roleColors} />;
});

/** One template rendered in place with the platform's markdown (an embed's description, a field value). */
export const RenderedMarkdown = memo(function RenderedMarkdown({ text, context, view }: { text: string; context: TemplateContext; view: MarkdownView }) {
  return <PlatformMarkdown nodes={useRenderedMarkdown(text, context)} view={view} />;
});

/**
 * The message as the bot would post it: variables rendered against the sample context, then
 * the platform's markdown (mentions as pills with names, line breaks kept). Unknown
 * `{variables}` stay as written.
 */
export const MessagePreview = memo(function MessagePreview({ text, context, lookup, roleColors, labels, locale, children, testId = "message-preview" }: Props) {
  const nodes = useRenderedMarkdown(text, context);
  const pageLocale = usePageLocale();
  const view = useMarkdownView({ lookup, roleColors, cdnBase: context.cdnBase, locale: locale ?? pageLocale, labels: labels.markdown });
  const empty = nodes.length === 0 && !children;
  return (
    <PreviewFrame caption={labels.preview} testId={testId}>
      {empty ? (
        <p className={`${styles.content} ${styles.empty}`}>{labels.previewEmpty}</p>
      ) : nodes.length > 0 ? (
        // A <div>, not a <p>: markdown may hold quotes, lists and code blocks.
        <div className={styles.content} dir="auto">
          <PlatformMarkdown nodes={nodes} view={view} />
        </div>
      ) : null}
      {children}
    </PreviewFrame>
  );
});
