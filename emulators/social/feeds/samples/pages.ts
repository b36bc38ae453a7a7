// What people paste instead of a feed: a site's home page that announces its feeds the way
// WordPress and Jekyll themes do, and a feed whose XML is broken (an unclosed element).
export const sitePage = (base: string) => `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Ada's Engineering Notes – engines, numbers, poetry</title>
  <link rel="stylesheet" href="/feeds/ada-notes/style.css">
  <link rel="alternate" type="application/rss+xml" title="Ada's Engineering Notes » Feed" href="${base}/feeds/ada-notes.xml">
  <link rel='alternate' type='application/atom+xml' title='adacodes devlog' href='/feeds/adacodes.atom'>
  <link rel="alternate" type="application/json+oembed" href="${base}/feeds/oembed?url=x">
  <link rel="icon" href="/feeds/art/ada-notes.svg">
</head>
<body><h1>Ada's Engineering Notes</h1><p>Welcome.</p></body>
</html>
`;

/** A page that announces no feed at all. */
export const aboutPage = () => `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>About – Ada's Engineering Notes</title></head>
<body><h1>About</h1><p>I write about engines. There is no feed on this page.</p></body></html>
`;

export const brokenFeed = () => `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0">
<channel>
  <title>Half a feed</title>
  <item>
    <title>This item never closes
    <link>https://example.com/half</link>
</channel>
</rss>
`;

/** An RSS feed of about `bytes` bytes: long archives are real (a decade of a daily blog with full content). */
export function hugeFeed(base: string, bytes: number): string {
  const item = (n: number) =>
    `<item><title>Archive entry ${n}</title><link>${base}/feeds/archive/${n}</link><guid>${base}/feeds/archive/${n}</guid><description>${"Lorem ipsum dolor sit amet, consectetur adipiscing elit. ".repeat(16)}</description></item>\n`;
  const items: string[] = [];
  let size = 0;
  for (let n = 1; size < bytes; n += 1) {
    const next = item(n);
    items.push(next);
    size += next.length;
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"><channel><title>The Long Archive</title><link>${base}/feeds/archive/</link>\n${items.join("")}</channel></rss>\n`;
}
