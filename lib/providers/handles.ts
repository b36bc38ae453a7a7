import "server-only";

// Reading what people type into a search box of a provider that finds accounts only by their
// exact handle: "@Ada", "ada lovelace" and a pasted profile link all mean one handle.

/** The handle in `query` (leading @, spaces and a profile link on one of `hosts` removed), or null. */
export function handleFrom(query: string, hosts: readonly string[], pattern: RegExp): string | null {
  let text = query.trim();
  const link = /^(?:https?:\/\/)?(?:www\.|m\.)?([a-z.]+)\/@?([^/?#\s]+)/i.exec(text);
  if (link && hosts.includes(link[1]!.toLowerCase())) text = link[2]!;
  const handle = text.replace(/^@/, "").replace(/\s+/g, "");
  return pattern.test(handle) ? handle : null;
}

/** An avatar address a page may show: https, or an inline image (the local fakes serve those). */
export function imageUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  if (/^data:image\/(png|jpeg|gif|webp|svg\+xml);base64,/.test(value)) return value;
  try {
    return new URL(value).protocol === "https:" ? value : null;
  } catch {
    return null;
  }
}

/** Seconds since the epoch (Reddit, TikTok) as ISO 8601. */
export function isoFromSeconds(seconds: number): string {
  return new Date(seconds * 1000).toISOString();
}
