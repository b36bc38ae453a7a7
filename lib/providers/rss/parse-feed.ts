import "server-only";
import { createHash } from "node:crypto";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { FeedError, type Feed, type FeedEnclosure, type FeedItem } from "./feed";
import { plainText } from "./plain-text";

// XML → Feed for RSS 2.0 (and 0.9x), Atom 1.0 and RDF/RSS 1.0, with the iTunes, Dublin Core
// and Media RSS tags podcasts and blogs use.
// Why fast-xml-parser 5 (maintained, released 2026-11, pure JS so any Node): rss-parser's last
// release is old and drags xml2js along; @extractus/feed-extractor is a thin layer over this same
// parser that fetches by itself (we must fetch through the guarded fetch) and drops enclosures and
// iTunes tags unless hooked. The three formats differ little, so the mapping below stays ours.

type Node = Record<string, unknown>;

const REPEATED = new Set(["item", "entry", "link", "enclosure", "author", "media:content", "media:thumbnail"]);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  // Titles such as "2024" or "1e3" stay strings.
  parseTagValue: false,
  parseAttributeValue: false,
  // Real feeds write &nbsp; and &eacute; in XML: decode them rather than refuse the feed.
  htmlEntities: true,
  isArray: (name, _path, _leaf, isAttribute) => !isAttribute && REPEATED.has(name),
});

/** Parses `xml`, read from `url` (links are resolved against it); FeedError feed_invalid / feed_not_a_feed. */
export function parseFeed(xml: string, url: string): Feed {
  if (looksLikeHtml(xml)) throw new FeedError("feed_not_a_feed", "this is a web page, not a feed");
  if (XMLValidator.validate(xml) !== true) throw new FeedError("feed_invalid", "the feed is not well-formed XML");
  let doc: Node;
  try {
    doc = parser.parse(xml) as Node;
  } catch {
    throw new FeedError("feed_invalid", "the feed could not be parsed");
  }
  const rss = node(doc.rss);
  if (rss && node(rss.channel)) return rss2(node(rss.channel)!, url);
  if (node(doc.feed)) return atom(node(doc.feed)!, url);
  if (node(doc["rdf:RDF"])) return rdf(node(doc["rdf:RDF"])!, url);
  throw new FeedError("feed_not_a_feed", "no rss, feed or rdf:RDF root element");
}

/** An HTML page (not XHTML served as a feed): its start says so. */
export function looksLikeHtml(text: string): boolean {
  return /^(?:\uFEFF)?\s*(?:<\?xml[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*)*(?:<!doctype\s+html|<html[\s>])/i.test(text);
}

function rss2(channel: Node, url: string): Feed {
  const author = text(channel["itunes:author"]) || text(channel.managingEditor) || null;
  const items = list(channel.item).map((item) => rssItem(item, url, author));
  return {
    url,
    title: text(channel.title) || new URL(url).hostname,
    link: link(text(first(channel.link)), url),
    description: plainText(text(channel.description) || text(channel["itunes:summary"])),
    image: link(attr(channel["itunes:image"], "href") || text(node(channel.image)?.url), url),
    author: author && personName(author),
    items: newestFirst(items),
  };
}

function rssItem(item: Node, url: string, feedAuthor: string | null): FeedItem {
  const guid = text(item.guid);
  const permalink = attr(item.guid, "isPermaLink") !== "false" ? link(guid, url) : null;
  const itemLink = link(text(first(item.link)), url) ?? permalink;
  const enclosure = list(item.enclosure).map((tag) => enclosureOf(tag, "url", url)).find(Boolean) ?? null;
  const summary = plainText(text(item["itunes:summary"]) || text(item.description) || text(item["content:encoded"]));
  const author = text(item["dc:creator"]) || text(first(item.author)) || text(item["itunes:author"]) || feedAuthor;
  return {
    id: guid || itemLink || untaggedId(text(item.title), text(item.pubDate) || text(item["dc:date"])),
    title: text(item.title) || plainText(summary, 80),
    link: itemLink,
    published: isoDate(text(item.pubDate) || text(item["dc:date"])),
    author: author ? personName(author) : null,
    summary,
    image: link(attr(item["itunes:image"], "href") || mediaImage(item) || (enclosure?.type?.startsWith("image/") ? enclosure.url : null), url),
    enclosure,
  };
}

function atom(feed: Node, url: string): Feed {
  const author = text(node(first(feed.author))?.name) || null;
  return {
    url,
    title: text(feed.title) || new URL(url).hostname,
    link: atomLink(feed, "alternate", url),
    description: plainText(text(feed.subtitle)),
    image: link(text(feed.logo) || text(feed.icon), url),
    author,
    items: newestFirst(list(feed.entry).map((entry) => atomEntry(entry, url, author))),
  };
}

function atomEntry(entry: Node, url: string, feedAuthor: string | null): FeedItem {
  const itemLink = atomLink(entry, "alternate", url);
  const summary = plainText(text(entry.summary) || text(entry.content));
  const enclosure = list(entry.link).filter((tag) => attr(tag, "rel") === "enclosure").map((tag) => enclosureOf(tag, "href", url)).find(Boolean) ?? null;
  return {
    id: text(entry.id) || itemLink || untaggedId(text(entry.title), text(entry.published) || text(entry.updated)),
    title: text(entry.title) || plainText(summary, 80),
    link: itemLink,
    published: isoDate(text(entry.published) || text(entry.updated)),
    author: text(node(first(entry.author))?.name) || feedAuthor,
    summary,
    image: link(mediaImage(entry) || (enclosure?.type?.startsWith("image/") ? enclosure.url : null), url),
    enclosure,
  };
}

function rdf(root: Node, url: string): Feed {
  const channel = node(root.channel) ?? {};
  const author = text(channel["dc:creator"]) || text(channel["dc:publisher"]) || null;
  const items = list(root.item).map((item) => ({
    ...rssItem(item, url, author),
    id: attr(item, "rdf:about") || text(first(item.link)) || untaggedId(text(item.title), text(item["dc:date"])),
  }));
  return {
    url,
    title: text(channel.title) || new URL(url).hostname,
    link: link(text(first(channel.link)), url),
    description: plainText(text(channel.description)),
    image: link(text(node(root.image)?.url), url),
    author,
    items: newestFirst(items),
  };
}

/** The id of an entry with neither id nor link: a hash of its title and date, the same at every reading. */
function untaggedId(title: string, date: string): string {
  return `sha256:${createHash("sha256").update(`${title}\n${date}`).digest("hex").slice(0, 32)}`;
}

function atomLink(parent: Node, rel: string, url: string): string | null {
  const links = list(parent.link);
  const chosen = links.find((tag) => (attr(tag, "rel") || "alternate") === rel) ?? null;
  return chosen ? link(attr(chosen, "href"), url) : null;
}

function enclosureOf(tag: Node, urlAttribute: string, base: string): FeedEnclosure | null {
  const url = link(attr(tag, urlAttribute), base);
  if (!url) return null;
  const length = Number(attr(tag, "length"));
  return { url, type: attr(tag, "type") || null, length: Number.isFinite(length) && length > 0 ? length : null };
}

function mediaImage(item: Node): string | null {
  const thumbnail = attr(first(item["media:thumbnail"]), "url");
  if (thumbnail) return thumbnail;
  const content = list(item["media:content"]).find((tag) => attr(tag, "medium") === "image" || attr(tag, "type").startsWith("image/"));
  return content ? attr(content, "url") || null : null;
}

/** "ada@example.com (Ada Lovelace)", RSS's author form, names the person in brackets. */
function personName(author: string): string {
  return /\(([^)]+)\)\s*$/.exec(author)?.[1]?.trim() ?? author;
}

/** An absolute http(s) URL, or null: a feed must not hand the page a javascript: link. */
function link(value: string | null | undefined, base: string): string | null {
  if (!value) return null;
  try {
    const url = new URL(value, base);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

function isoDate(value: string): string | null {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

function newestFirst(items: FeedItem[]): FeedItem[] {
  // Stable: undated items keep the feed's own order, after the dated ones.
  return items.map((item, index) => ({ item, index })).sort((a, b) => (b.item.published ?? "").localeCompare(a.item.published ?? "") || a.index - b.index).map(({ item }) => item);
}

function node(value: unknown): Node | undefined {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Node) : undefined;
}

function first(value: unknown): unknown {
  return Array.isArray(value) ? value[0] : value;
}

function list(value: unknown): Node[] {
  const items = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return items.map((item) => (typeof item === "object" && item !== null ? (item as Node) : { "#text": item }));
}

/** An element's text, whether it came as a string or with attributes (`{ "#text": …, "@_type": … }`). */
function text(value: unknown): string {
  const single = first(value);
  if (typeof single === "string") return single.trim();
  if (typeof single === "number") return String(single);
  const inner = node(single)?.["#text"];
  return typeof inner === "string" || typeof inner === "number" ? String(inner).trim() : "";
}

function attr(value: unknown, name: string): string {
  const found = node(first(value))?.[`@_${name}`];
  return typeof found === "string" ? found.trim() : "";
}
