// Draws the markdown tree (lib/templates/markdown) as the platform would: React elements only,
// every text a text node, so nothing typed is ever read as HTML. No hooks and no "use client":
// it renders the same in a server component, on the server and in the browser; only spoilers,
// which hold state, are client components.

import type { ReactNode } from "react";
import type { MarkdownNode } from "@/lib/templates/markdown/ast";
import { formatTimestamp, fullTimestamp } from "./format-timestamp";
import { MentionPill } from "./mention-pill";
import { Spoiler } from "./spoiler";
import type { MarkdownView } from "./types";
import styles from "./platform-markdown.module.css";

/** Links come from the parser as web links only; checked again here, as the tree is a public type. */
const isWebUrl = (url: string) => /^https?:\/\//i.test(url);

const emojiUrl = (cdnBase: string, id: string, animated: boolean) => `${cdnBase.replace(/\/+$/, "")}/emojis/${id}.${animated ? "gif" : "png"}`;

function ExternalLink({ url, children }: { url: string; children: ReactNode }) {
  if (!isWebUrl(url)) return children;
  return (
    <a className={styles.link} href={url} target="_blank" rel="noopener noreferrer nofollow">
      {children}
    </a>
  );
}

function renderNode(node: MarkdownNode, key: number, view: MarkdownView): ReactNode {
  switch (node.type) {
    case "text":
      return node.text;
    case "bold":
      return <strong key={key}>{renderNodes(node.children, view)}</strong>;
    case "italic":
      return <em key={key}>{renderNodes(node.children, view)}</em>;
    case "underline":
      return <u key={key}>{renderNodes(node.children, view)}</u>;
    case "strike":
      return <s key={key}>{renderNodes(node.children, view)}</s>;
    case "spoiler":
      return (
        <Spoiler key={key} label={view.labels.spoiler}>
          {renderNodes(node.children, view)}
        </Spoiler>
      );
    case "inlineCode":
      return (
        <code key={key} className={styles.inlineCode}>
          {node.code}
        </code>
      );
    case "codeBlock":
      return (
        <pre key={key} className={styles.codeBlock} dir="ltr">
          <code data-language={node.language}>{node.code}</code>
        </pre>
      );
    case "quote":
      return (
        <blockquote key={key} className={styles.quote}>
          {renderNodes(node.children, view)}
        </blockquote>
      );
    case "heading":
      // Not <h1>–<h3>: the preview is a picture of a message, not part of the page's outline.
      return (
        <div key={key} className={styles.heading} data-level={node.level}>
          {renderNodes(node.children, view)}
        </div>
      );
    case "subtext":
      return (
        <small key={key} className={styles.subtext}>
          {renderNodes(node.children, view)}
        </small>
      );
    case "list": {
      const items = node.items.map((item, index) => <li key={index}>{renderNodes(item, view)}</li>);
      return node.ordered ? (
        <ol key={key} className={styles.list} start={node.start}>
          {items}
        </ol>
      ) : (
        <ul key={key} className={styles.list}>
          {items}
        </ul>
      );
    }
    case "link":
      return (
        <ExternalLink key={key} url={node.url}>
          {renderNodes(node.children, view)}
        </ExternalLink>
      );
    case "url":
      return (
        <ExternalLink key={key} url={node.url}>
          {node.url}
        </ExternalLink>
      );
    case "timestamp": {
      const where = { locale: view.locale, timeZone: view.timeZone };
      return (
        <time key={key} className={styles.timestamp} dateTime={new Date(node.unix * 1000).toISOString()} title={fullTimestamp(node.unix, where)}>
          {formatTimestamp(node.unix, node.style, where, view.now)}
        </time>
      );
    }
    case "emoji":
      return (
        // eslint-disable-next-line @next/next/no-img-element -- a tiny CDN image inline in text, as the platform draws it; nothing to optimise.
        <img key={key} className={styles.emoji} src={emojiUrl(view.cdnBase, node.id, node.animated)} alt={`:${node.name}:`} title={`:${node.name}:`} draggable={false} loading="lazy" />
      );
    case "mention":
      return <MentionPill key={key} kind={node.kind} id={node.id} lookup={view.lookup} roleColors={view.roleColors} />;
    case "broadcast":
      return (
        <span key={key} className={styles.pill} data-kind={node.target}>
          @{node.target}
        </span>
      );
  }
}

function renderNodes(nodes: readonly MarkdownNode[], view: MarkdownView): ReactNode[] {
  return nodes.map((node, index) => renderNode(node, index, view));
}

/**
 * A parsed message as the platform shows it. Lays out no box of its own: the caller's
 * container gives the text its font and `white-space: pre-wrap` (line breaks are text).
 */
export function PlatformMarkdown({ nodes, view }: { nodes: readonly MarkdownNode[]; view: MarkdownView }) {
  return renderNodes(nodes, view);
}
