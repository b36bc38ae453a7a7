// An RSS 2.0 blog feed shaped like WordPress's: CDATA descriptions, content:encoded, dc:creator,
// a permalink guid, RFC 822 dates, an atom:link self reference, an HTML entity in a title.
export const rss2Feed = (base: string) => `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/">
<channel>
  <title>Ada&apos;s Engineering Notes</title>
  <atom:link href="${base}/feeds/ada-notes.xml" rel="self" type="application/rss+xml" />
  <link>${base}/feeds/ada-notes/</link>
  <description>Notes on engines, numbers and the poetry of science.</description>
  <lastBuildDate>Wed, 25 Nov 2026 09:12:44 +0000</lastBuildDate>
  <language>en-GB</language>
  <generator>https://wordpress.org/?v=6.8</generator>
  <image>
    <url>${base}/feeds/art/ada-notes.svg</url>
    <title>Ada&apos;s Engineering Notes</title>
    <link>${base}/feeds/ada-notes/</link>
  </image>
  <item>
    <title>Note G, annotated &amp; explained</title>
    <link>${base}/feeds/ada-notes/2026/11/note-g-annotated/</link>
    <dc:creator><![CDATA[Ada Lovelace]]></dc:creator>
    <pubDate>Wed, 25 Nov 2026 09:00:00 +0000</pubDate>
    <category><![CDATA[Engines]]></category>
    <guid isPermaLink="false">${base}/feeds/ada-notes/?p=1843</guid>
    <description><![CDATA[<p>The table that computes the <strong>Bernoulli numbers</strong>, line by line.&nbsp;Why the engine needs loops.</p><script>alert(1)</script>]]></description>
    <content:encoded><![CDATA[<p>The table that computes the Bernoulli numbers, line by line, with every variable card.</p>]]></content:encoded>
    <media:thumbnail url="${base}/feeds/art/note-g.svg" />
  </item>
  <item>
    <title>On the Analytical Engine&#8217;s store</title>
    <link>${base}/feeds/ada-notes/2026/11/the-store/</link>
    <dc:creator><![CDATA[Ada Lovelace]]></dc:creator>
    <pubDate>Tue, 17 Nov 2026 18:30:00 +0000</pubDate>
    <guid isPermaLink="false">${base}/feeds/ada-notes/?p=1829</guid>
    <description><![CDATA[A thousand numbers of fifty digits each: how the store keeps them.]]></description>
  </item>
  <item>
    <title>Poetical science</title>
    <link>${base}/feeds/ada-notes/2026/10/poetical-science/</link>
    <dc:creator><![CDATA[Ada Lovelace]]></dc:creator>
    <pubDate>Fri, 30 Oct 2026 07:45:00 +0000</pubDate>
    <guid isPermaLink="false">${base}/feeds/ada-notes/?p=1790</guid>
    <description><![CDATA[Imagination is the discovering faculty, pre-eminently.]]></description>
  </item>
</channel>
</rss>
`;
