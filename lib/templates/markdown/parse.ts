// Text as the platform would format it, as our own tree (ast.ts). Runs on a template already
// rendered (lib/templates/render.ts): variables first, then markdown, as the bot sends it.
// Pure and client-safe; never throws.

import SimpleMarkdown, { type SingleASTNode } from "discord-markdown-parser/dist/simple-markdown";
import { DEFAULT_TIMESTAMP_STYLE, type MarkdownNode, type StyleKind, type TimestampStyle } from "./ast";
import { RULES } from "./rules";

const parser = SimpleMarkdown.parserFor(RULES);

const STYLES: Readonly<Record<string, StyleKind>> = { strong: "bold", em: "italic", underline: "underline", strikethrough: "strike", spoiler: "spoiler" };
const TIMESTAMP_STYLES: ReadonlySet<string> = new Set<TimestampStyle>(["t", "T", "d", "D", "f", "F", "R"]);
/** Dates past ±8.64e15 ms are invalid in JavaScript; the platform shows such timestamps as typed. */
const MAX_UNIX_SECONDS = 8.64e12;

const str = (value: unknown) => (typeof value === "string" ? value : "");
const raws = (value: unknown): SingleASTNode[] => (Array.isArray(value) ? value : []);

function timestampNode(raw: SingleASTNode): MarkdownNode {
  const unix = Number(raw.timestamp);
  const style = str(raw.format);
  if (!Number.isSafeInteger(unix) || Math.abs(unix) > MAX_UNIX_SECONDS) return { type: "text", text: `<t:${str(raw.timestamp)}${style ? `:${style}` : ""}>` };
  return { type: "timestamp", unix, style: TIMESTAMP_STYLES.has(style) ? (style as TimestampStyle) : DEFAULT_TIMESTAMP_STYLE };
}

function toNode(raw: SingleASTNode): MarkdownNode | null {
  const style = STYLES[raw.type];
  if (style) return { type: style, children: toNodes(raws(raw.content)) };
  switch (raw.type) {
    case "text":
      return { type: "text", text: str(raw.content) };
    case "br":
      return { type: "text", text: "\n" };
    case "inlineCode":
      return { type: "inlineCode", code: str(raw.content) };
    case "codeBlock":
      return str(raw.language) ? { type: "codeBlock", code: str(raw.content), language: str(raw.language) } : { type: "codeBlock", code: str(raw.content) };
    case "blockQuote":
      return { type: "quote", children: withoutFinalBreak(toNodes(raws(raw.content))) };
    case "heading":
      return { type: "heading", level: Math.min(3, Math.max(1, Number(raw.level) || 1)) as 1 | 2 | 3, children: toNodes(raws(raw.content)) };
    case "subtext":
      return { type: "subtext", children: toNodes(raws(raw.content)) };
    case "list":
      return { type: "list", ordered: raw.ordered === true, start: Number(raw.start) || 0, items: raws(raw.items).map((item) => toNodes(raws(item))) };
    case "link":
      return { type: "link", url: str(raw.target), children: toNodes(raws(raw.content)) };
    case "url":
    case "autolink":
      return { type: "url", url: str(raw.target) };
    case "timestamp":
      return timestampNode(raw);
    case "emoji":
      return { type: "emoji", name: str(raw.name), id: str(raw.id), animated: raw.animated === true };
    case "user":
    case "channel":
    case "role":
      return { type: "mention", kind: raw.type, id: str(raw.id) };
    case "everyone":
    case "here":
      return { type: "broadcast", target: raw.type };
    default:
      // Every rule is mapped above; a raw node of another kind would be a new rule's.
      return typeof raw.content === "string" ? { type: "text", text: raw.content } : null;
  }
}

/** A quote's own line break, kept in its content by the quote rule, ends the block rather than adding a line. */
function withoutFinalBreak(nodes: MarkdownNode[]): MarkdownNode[] {
  const last = nodes.at(-1);
  if (last?.type !== "text" || !last.text.endsWith("\n")) return nodes;
  const text = last.text.slice(0, -1);
  return text === "" ? nodes.slice(0, -1) : [...nodes.slice(0, -1), { type: "text", text }];
}

/**
 * Our nodes from the parser's, adjacent text joined (the parser splits it at every symbol).
 * Blocks start and end their own lines: a text's final line break before a block draws nothing
 * (white-space: pre-wrap), and the one after a code block, which its rule leaves, is dropped.
 */
function toNodes(raw: readonly SingleASTNode[]): MarkdownNode[] {
  const nodes: MarkdownNode[] = [];
  let afterCode = false;
  for (const item of raw) {
    const node = toNode(item);
    if (!node) continue;
    const justAfterCode = afterCode;
    afterCode = node.type === "codeBlock";
    const last = nodes.at(-1);
    if (node.type !== "text") nodes.push(node);
    else if (justAfterCode && node.text.startsWith("\n")) {
      if (node.text.length > 1) nodes.push({ type: "text", text: node.text.slice(1) });
    } else if (last?.type === "text") last.text += node.text;
    else nodes.push({ ...node });
  }
  return nodes;
}

/** The platform's markdown in `text`, as our tree. Empty text gives no nodes. */
export function parseMarkdown(text: string): MarkdownNode[] {
  if (typeof text !== "string" || text === "") return [];
  try {
    return toNodes(parser(text, { inline: true }));
  } catch {
    // simple-markdown throws only when no rule matches, which the text rule rules out; should
    // it ever, the preview shows the text as typed rather than nothing.
    return [{ type: "text", text }];
  }
}
