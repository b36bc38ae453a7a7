// An RDF Site Summary (RSS 1.0) feed shaped like Slashdot's or an old Movable Type blog's:
// items beside the channel, rdf:about ids, Dublin Core dates and creators, in Latin-1.
export const rdfFeed = (base: string) => `<?xml version="1.0" encoding="ISO-8859-1"?>
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:syn="http://purl.org/rss/1.0/modules/syndication/">
  <channel rdf:about="${base}/feeds/engine-digest/">
    <title>Analytical Engine Digest</title>
    <link>${base}/feeds/engine-digest/</link>
    <description>Weekly news for mechanical computing enthusiasts</description>
    <dc:publisher>The Babbage Society</dc:publisher>
    <syn:updatePeriod>weekly</syn:updatePeriod>
    <items>
      <rdf:Seq>
        <rdf:li rdf:resource="${base}/feeds/engine-digest/2026/48" />
        <rdf:li rdf:resource="${base}/feeds/engine-digest/2026/47" />
      </rdf:Seq>
    </items>
    <image rdf:resource="${base}/feeds/art/engine-digest.svg" />
  </channel>
  <image rdf:about="${base}/feeds/art/engine-digest.svg">
    <title>Analytical Engine Digest</title>
    <url>${base}/feeds/art/engine-digest.svg</url>
    <link>${base}/feeds/engine-digest/</link>
  </image>
  <item rdf:about="${base}/feeds/engine-digest/2026/47">
    <title>Issue 47: a visit to the Musée des Arts et Métiers</title>
    <link>${base}/feeds/engine-digest/2026/47</link>
    <description>A visit to the mill, and letters from readers.</description>
    <dc:creator>Charles B.</dc:creator>
    <dc:date>2026-11-19T08:00:00+00:00</dc:date>
  </item>
  <item rdf:about="${base}/feeds/engine-digest/2026/48">
    <title>Issue 48: Ada's notes, 183 years on</title>
    <link>${base}/feeds/engine-digest/2026/48</link>
    <description>Why Note G still reads like a program.</description>
    <dc:creator>Mary S.</dc:creator>
    <dc:date>2026-11-26T08:00:00+00:00</dc:date>
  </item>
</rdf:RDF>
`;
