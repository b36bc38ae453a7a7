"use client";

import { useMemo, useState } from "react";
import { useViewerSample } from "@/components/message-editor/use-viewer-sample";
import type { APIEmbed } from "discord-api-types/v10";
import { useMentionLookup, useRoleColors } from "@/components/message-editor/mention-lookup";
import { MessagePreview, RenderedMarkdown, RenderedText, useMarkdownView } from "@/components/message-editor/message-preview";
import type { MessageEditorData } from "@/components/message-editor/types";
import type { MarkdownView } from "@/components/platform-markdown/types";
import type { Pickers } from "@/components/settings-form/types";
import type { MentionLookup } from "@/lib/templates/mentions";
import type { TemplateContext } from "@/lib/templates/context";
import { isEmptyEmbed, toPlatformEmbed, type EmbedDraft } from "@/lib/plugins/embed-payload";
import { fill } from "@/lib/i18n/fill";
import type { EmbedBuilderLabels } from "./types";
import styles from "./embed-builder.module.css";

type Props = {
  embeds: readonly EmbedDraft[];
  data: MessageEditorData;
  pickers: Pickers;
  labels: EmbedBuilderLabels;
  /** BCP 47 tag for dates and times (the page's locale). */
  locale: string;
};

type Text = { context: TemplateContext; lookup: MentionLookup; roleColors: ReadonlyMap<string, string>; view: MarkdownView };

/** Only web links become href or src: what is typed is not validated yet ("javascript:" must not run). */
const safeUrl = (url: string | undefined) => (url && /^https?:\/\/\S+$/i.test(url) ? url : undefined);
const hex = (color: number) => `#${color.toString(16).padStart(6, "0")}`;

/** Grid columns (of 12) of each field: runs of inline fields share a row, three at most (two beside a thumbnail). */
export function fieldSpans(fields: readonly { inline?: boolean }[], thumbnail: boolean): number[] {
  const perRow = thumbnail ? 2 : 3;
  const spans: number[] = [];
  let index = 0;
  while (index < fields.length) {
    if (!fields[index]!.inline) {
      spans.push(12);
      index++;
      continue;
    }
    let run = 0;
    while (index + run < fields.length && fields[index + run]!.inline) run++;
    for (let start = 0; start < run; start += perRow) {
      const inRow = Math.min(perRow, run - start);
      for (let n = 0; n < inRow; n++) spans.push(12 / inRow);
    }
    index += run;
  }
  return spans;
}

/** An image from a typed link; a broken link shows nothing rather than a broken-image icon. */
function PreviewImage({ url, className }: { url: string; className?: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) return null;
  // eslint-disable-next-line @next/next/no-img-element -- links typed by the user, shown as the platform would; nothing to optimise.
  return <img className={className} src={url} alt="" loading="lazy" referrerPolicy="no-referrer" onError={() => setFailed(true)} />;
}

function Timestamp({ value, locale, today }: { value: string; locale: string; today: string }) {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  const sameDay = date.toDateString() === new Date().toDateString();
  const text = sameDay
    ? fill(today, { time: new Intl.DateTimeFormat(locale, { timeStyle: "short" }).format(date) })
    : new Intl.DateTimeFormat(locale, { dateStyle: "short", timeStyle: "short" }).format(date);
  return (
    <time dateTime={date.toISOString()} suppressHydrationWarning>
      {text}
    </time>
  );
}

/**
 * One embed drawn like the platform's: colour bar, author, title link, description, field grid,
 * image, thumbnail, footer. As on the platform, markdown shows in the description and field
 * values only; the other texts show variables and mentions as typed.
 */
function EmbedCard({ embed, text, locale, labels }: { embed: APIEmbed; text: Text; locale: string; labels: EmbedBuilderLabels }) {
  const render = (value: string) => <RenderedText text={value} context={text.context} lookup={text.lookup} roleColors={text.roleColors} />;
  const rich = (value: string) => <RenderedMarkdown text={value} context={text.context} view={text.view} />;
  const thumbnail = safeUrl(embed.thumbnail?.url);
  const image = safeUrl(embed.image?.url);
  const spans = fieldSpans(embed.fields ?? [], Boolean(thumbnail));
  const color = embed.color !== undefined ? hex(embed.color) : undefined;
  if (isEmptyEmbed(embed)) {
    return (
      <div className={`${styles.embed} ${styles.embedEmpty}`} style={color ? ({ "--embed-color": color } as React.CSSProperties) : undefined} data-testid="embed-preview-card">
        <p className={styles.embedEmptyText}>{labels.previewEmpty}</p>
      </div>
    );
  }
  return (
    <article className={styles.embed} style={color ? ({ "--embed-color": color } as React.CSSProperties) : undefined} data-testid="embed-preview-card">
      <div className={styles.embedMain}>
        {embed.author ? (
          <p className={styles.embedAuthor} dir="auto">
            {safeUrl(embed.author.icon_url) ? <PreviewImage key={embed.author.icon_url} url={embed.author.icon_url!} className={styles.embedAuthorIcon} /> : null}
            {safeUrl(embed.author.url) ? (
              <a href={embed.author.url} target="_blank" rel="noopener noreferrer">
                {render(embed.author.name)}
              </a>
            ) : (
              <span>{render(embed.author.name)}</span>
            )}
          </p>
        ) : null}
        {embed.title ? (
          <p className={styles.embedTitle} dir="auto">
            {safeUrl(embed.url) ? (
              <a href={embed.url} target="_blank" rel="noopener noreferrer">
                {render(embed.title)}
              </a>
            ) : (
              render(embed.title)
            )}
          </p>
        ) : null}
        {embed.description ? (
          // <div>s, not <p>s: markdown may hold quotes, lists and code blocks.
          <div className={styles.embedDescription} dir="auto">
            {rich(embed.description)}
          </div>
        ) : null}
        {embed.fields?.length ? (
          <div className={styles.embedFields}>
            {embed.fields.map((field, index) => (
              <div key={index} className={styles.embedField} style={{ gridColumn: `span ${spans[index] ?? 12}` }} data-span={spans[index] ?? 12}>
                <p className={styles.embedFieldName} dir="auto">
                  {render(field.name)}
                </p>
                <div className={styles.embedFieldValue} dir="auto">
                  {rich(field.value)}
                </div>
              </div>
            ))}
          </div>
        ) : null}
      </div>
      {thumbnail ? <PreviewImage key={thumbnail} url={thumbnail} className={styles.embedThumbnail} /> : null}
      {image ? <PreviewImage key={image} url={image} className={styles.embedImage} /> : null}
      {embed.footer || embed.timestamp ? (
        <p className={styles.embedFooter} dir="auto">
          {embed.footer && safeUrl(embed.footer.icon_url) ? <PreviewImage key={embed.footer.icon_url} url={embed.footer.icon_url!} className={styles.embedFooterIcon} /> : null}
          {embed.footer ? <span>{render(embed.footer.text)}</span> : null}
          {embed.footer && embed.timestamp ? <span aria-hidden="true"> • </span> : null}
          {embed.timestamp ? <Timestamp value={embed.timestamp} locale={locale} today={labels.today} /> : null}
        </p>
      ) : null}
    </article>
  );
}

/**
 * The embeds as the bot would post them, in the message preview's chat shell: texts through
 * the one template renderer (lib/templates), exactly the parts the server sends (embed-payload).
 */
export function EmbedsPreview({ embeds, data: shared, pickers, labels, locale }: Props) {
  const data = useViewerSample(shared);
  const lookup = useMentionLookup(pickers.channels, pickers.roles, data);
  const roleColors = useRoleColors(pickers.roles);
  const view = useMarkdownView({ lookup, roleColors, cdnBase: data.context.cdnBase, locale, labels: labels.markdown });
  const text = useMemo<Text>(() => ({ context: data.context, lookup, roleColors, view }), [data.context, lookup, roleColors, view]);
  const shown = embeds.map((embed) => toPlatformEmbed(embed));
  return (
    <MessagePreview
      text=""
      context={data.context}
      lookup={lookup}
      roleColors={roleColors}
      labels={{ preview: labels.preview, previewEmpty: labels.previewEmpty, markdown: labels.markdown }}
      locale={locale}
      testId="embed-preview"
    >
      {shown.length > 0 ? (
        <div className={styles.embeds}>
          {shown.map((embed, index) => (
            <EmbedCard key={index} embed={embed} text={text} locale={locale} labels={labels} />
          ))}
        </div>
      ) : null}
    </MessagePreview>
  );
}
