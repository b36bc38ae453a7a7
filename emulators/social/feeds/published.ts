// Entries the control API publishes into the sample feeds (POST /__fake/publish for "rss" and
// "podcasts"), and each feed's version: its ETag and Last-Modified change with every entry, so
// conditional GETs see a 304 until something new is there.

/** The samples' own Last-Modified: after their newest entry. */
const SAMPLES_MODIFIED = Date.UTC(2026, 10, 26, 21, 0, 0);

export type Entry = { n: number; title: string; at: number };
type FeedVersion = { entries: Entry[]; modified: number };

const versions = new Map<string, FeedVersion>();
/** Entry numbers only grow, across resets too: every entry's guid is new. */
let nextEntry = 1;

function versionOf(name: string): FeedVersion {
  return versions.get(name) ?? { entries: [], modified: SAMPLES_MODIFIED };
}

/** The feed's validators as its answers carry them. */
export function feedValidators(name: string): { etag: string; lastModified: string; modified: number } {
  const { entries, modified } = versionOf(name);
  return { etag: `"${name}-${entries.length}-${modified / 1000}"`, lastModified: new Date(modified).toUTCString(), modified };
}

/** Whether the request's If-None-Match (which wins) or If-Modified-Since says its copy is current. */
export function notModified(name: string, ifNoneMatch: string | undefined, ifModifiedSince: string | undefined): boolean {
  const current = feedValidators(name);
  if (ifNoneMatch) return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || tag.trim().replace(/^W\//, "") === current.etag);
  const since = ifModifiedSince ? Date.parse(ifModifiedSince) : Number.NaN;
  return Number.isFinite(since) && Math.floor(current.modified / 1000) <= Math.floor(since / 1000);
}

/** A new newest entry of the feed, a second later than anything before it. */
export function publishEntry(name: string, title: string): Entry {
  const version = versionOf(name);
  const at = Math.max(Math.floor(Date.now() / 1000) * 1000, version.modified + 1000);
  const entry = { n: nextEntry++, title, at };
  versions.set(name, { entries: [entry, ...version.entries], modified: at });
  return entry;
}

export function resetEntries(): void {
  versions.clear();
}

/** An entry's guid (Atom id, rdf:about): one form in every format, so a test knows the key before it reads the feed. */
export function entryId(name: string, entry: Entry): string {
  return `urn:fake:${stemOf(name)}:${entry.n}`;
}

const stemOf = (name: string) => name.replace(/\.\w+$/, "");

/** The feed's XML with its published entries, newest first, before its own. */
export function withEntries(name: string, xml: string, base: string): string {
  const { entries } = versionOf(name);
  if (entries.length === 0) return xml;
  const stem = stemOf(name);
  const format = xml.includes("<rdf:RDF") ? "rdf" : /<feed[\s>]/.test(xml) ? "atom" : "rss";
  const podcast = xml.includes("xmlns:itunes");
  const written = entries.map((entry) => entryXml(format, podcast, entry, entryId(name, entry), base, stem)).join("");
  const element = format === "atom" ? /<entry[\s>]/ : /<item[\s>]/;
  const closing = format === "atom" ? "</feed>" : format === "rdf" ? "</rdf:RDF>" : "</channel>";
  const at = xml.search(element);
  const index = at >= 0 ? at : xml.lastIndexOf(closing);
  return `${xml.slice(0, index)}${written}${xml.slice(index)}`;
}

/** Character data safe in any of the samples' encodings (the RDF one is Latin-1). */
const text = (value: string) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/[^\x20-\x7e]/gu, (char) => `&#${char.codePointAt(0)};`);

function entryXml(format: "rss" | "atom" | "rdf", podcast: boolean, entry: Entry, id: string, base: string, stem: string): string {
  const link = `${base}/feeds/${stem}/posts/${entry.n}`;
  const date = new Date(entry.at);
  const about = "Published through the fake's control API.";
  if (format === "atom") {
    return `<entry>
    <id>${id}</id>
    <title>${text(entry.title)}</title>
    <link rel="alternate" type="text/html" href="${link}" />
    <published>${date.toISOString()}</published>
    <updated>${date.toISOString()}</updated>
    <summary>${about}</summary>
  </entry>
  `;
  }
  if (format === "rdf") {
    return `<item rdf:about="${id}">
    <title>${text(entry.title)}</title>
    <link>${link}</link>
    <description>${about}</description>
    <dc:date>${date.toISOString()}</dc:date>
  </item>
  `;
  }
  const audio = podcast ? `\n    <enclosure url="${base}/feeds/audio/${stem}-fake-${entry.n}.mp3" length="960000" type="audio/mpeg" />` : "";
  return `<item>
    <title>${text(entry.title)}</title>
    <link>${link}</link>
    <guid isPermaLink="false">${id}</guid>
    <pubDate>${date.toUTCString()}</pubDate>
    <description>${about}</description>${audio}
  </item>
  `;
}
