// Why: a 200 is not proof that the benchmark measured the intended page (a guild
// page the user may not open is rewritten to the "unavailable" page, also 200), so
// every measured page is identified by its <title>.

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/** The text of the document's <title>, entities decoded; undefined when there is none. */
export function pageTitle(html: string): string | undefined {
  const match = /<title[^>]*>([^<]*)<\/title>/i.exec(html);
  if (!match) return undefined;
  return match[1]!.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, code: string) => {
    if (code[0] === "#") return String.fromCodePoint(code[1] === "x" || code[1] === "X" ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10));
    return ENTITIES[code.toLowerCase()] ?? entity;
  });
}

/** A problem description when the page is not the one expected, else undefined. */
export function wrongPage(path: string, status: number, html: string, expectedTitle: string): string | undefined {
  if (status !== 200) return `${path} answered ${status}`;
  const title = pageTitle(html);
  if (title !== expectedTitle) return `${path} is not the expected page: title ${JSON.stringify(title)}, expected ${JSON.stringify(expectedTitle)}`;
  return undefined;
}
