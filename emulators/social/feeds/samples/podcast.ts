// A podcast feed shaped like those Apple Podcasts and Podcast Index read (Buzzsprout, Libsyn):
// iTunes channel and episode tags, audio enclosures with type and length, episode artwork.
export const podcastFeed = (base: string) => `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:podcast="https://podcastindex.org/namespace/1.0" xmlns:content="http://purl.org/rss/1.0/modules/content/">
<channel>
  <title>Ada's Code Hour</title>
  <link>${base}/feeds/code-hour/</link>
  <language>en-us</language>
  <copyright>© 2026 Ada's Code Hour</copyright>
  <itunes:author>Ada Lovelace &amp; friends</itunes:author>
  <description>A weekly hour about programming, from Note G to the language you used this morning.</description>
  <itunes:summary>A weekly hour about programming, from Note G to the language you used this morning.</itunes:summary>
  <itunes:type>episodic</itunes:type>
  <itunes:owner><itunes:name>Ada Lovelace</itunes:name><itunes:email>hello@codehour.example</itunes:email></itunes:owner>
  <itunes:image href="${base}/feeds/art/code-hour.svg" />
  <itunes:category text="Technology" />
  <itunes:explicit>false</itunes:explicit>
  <podcast:guid>6b1f0f5e-2a39-5d0c-9f4e-0c4c3c2d1a7e</podcast:guid>
  <item>
    <title>42: Loops before computers</title>
    <itunes:title>Loops before computers</itunes:title>
    <itunes:episode>42</itunes:episode>
    <itunes:episodeType>full</itunes:episodeType>
    <guid isPermaLink="false">codehour-ep-42</guid>
    <link>${base}/feeds/code-hour/episodes/42</link>
    <pubDate>Thu, 26 Nov 2026 06:00:00 GMT</pubDate>
    <itunes:author>Ada Lovelace</itunes:author>
    <description><![CDATA[<p>Backing cards, repeated operations and the first loop ever written down.</p>]]></description>
    <enclosure url="${base}/feeds/audio/code-hour-42.mp3" length="58231040" type="audio/mpeg" />
    <itunes:duration>01:00:39</itunes:duration>
    <itunes:image href="${base}/feeds/art/code-hour-42.svg" />
    <itunes:explicit>false</itunes:explicit>
  </item>
  <item>
    <title>41: What is a variable card?</title>
    <guid isPermaLink="false">codehour-ep-41</guid>
    <pubDate>Thu, 19 Nov 2026 06:00:00 GMT</pubDate>
    <description>Storage, names and the cards that carried them.</description>
    <enclosure url="${base}/feeds/audio/code-hour-41.mp3" length="55001088" type="audio/mpeg" />
    <itunes:duration>3421</itunes:duration>
  </item>
</channel>
</rss>
`;

type ShowOptions = { slug: string; title: string; author: string; about: string; episodes: { title: string; date: string; minutes: number }[] };

/** Text as XML character data: a show called "Engines & Numbers" must not break its own feed. */
const xml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** A plainer show, like most small podcasts' hosted feeds: one enclosure per episode, channel artwork only. */
export const showFeed = (base: string, show: ShowOptions) => `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd">
<channel>
  <title>${xml(show.title)}</title>
  <link>${base}/feeds/${show.slug}/</link>
  <description>${xml(show.about)}</description>
  <itunes:author>${xml(show.author)}</itunes:author>
  <itunes:image href="${base}/feeds/art/${show.slug}.svg" />
${show.episodes
  .map(
    (episode, index) => `  <item>
    <title>${xml(episode.title)}</title>
    <guid isPermaLink="false">${show.slug}-${show.episodes.length - index}</guid>
    <pubDate>${new Date(episode.date).toUTCString()}</pubDate>
    <enclosure url="${base}/feeds/audio/${show.slug}-${show.episodes.length - index}.mp3" length="${episode.minutes * 960_000}" type="audio/mpeg" />
    <itunes:duration>${episode.minutes * 60}</itunes:duration>
  </item>`,
  )
  .join("\n")}
</channel>
</rss>
`;
