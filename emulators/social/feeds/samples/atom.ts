// An Atom 1.0 feed shaped like GitHub's or a static site generator's: xml:lang, typed titles,
// alternate and self links, author per entry, published and updated, HTML summaries.
export const atomFeed = (base: string) => `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/" xml:lang="en">
  <id>tag:adacodes.dev,2024:feed</id>
  <title type="text">adacodes devlog</title>
  <subtitle type="html">Building a difference engine in Rust, one &lt;em&gt;gear&lt;/em&gt; at a time.</subtitle>
  <link rel="alternate" type="text/html" href="${base}/feeds/adacodes/" />
  <link rel="self" type="application/atom+xml" href="${base}/feeds/adacodes.atom" />
  <updated>2026-11-26T20:05:00Z</updated>
  <logo>${base}/feeds/art/adacodes.svg</logo>
  <author><name>adacodes</name><uri>${base}/feeds/adacodes/</uri></author>
  <entry>
    <id>tag:adacodes.dev,2026-11-26:/devlog/carry-mechanism</id>
    <title type="html">Devlog #31: the anticipating carriage</title>
    <link rel="alternate" type="text/html" href="/feeds/adacodes/devlog/31-anticipating-carriage" />
    <published>2026-11-26T19:00:00Z</published>
    <updated>2026-11-26T20:05:00Z</updated>
    <author><name>Ada Byron</name></author>
    <summary type="html">&lt;p&gt;Carrying tens in one step instead of ten. Benchmarks inside.&lt;/p&gt;</summary>
    <media:thumbnail url="${base}/feeds/art/devlog-31.svg" width="1200" height="630" />
  </entry>
  <entry>
    <id>tag:adacodes.dev,2026-11-12:/devlog/punched-cards</id>
    <title>Devlog #30: punched cards as bytecode</title>
    <link href="${base}/feeds/adacodes/devlog/30-punched-cards" />
    <updated>2026-11-12T10:00:00Z</updated>
    <summary>Operation cards, variable cards, and a tiny interpreter.</summary>
  </entry>
</feed>
`;
