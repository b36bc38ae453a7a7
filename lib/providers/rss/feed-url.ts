// Feed addresses as ids: what a person typed, made a URL, in one normal form. Client-safe.

/** The address a person typed as a URL ("example.com/blog" → https://…), or null when it is no address. */
export function typedUrl(input: string): string | null {
  const trimmed = input.trim();
  if (/\s/.test(trimmed) || !/[.:]/.test(trimmed)) return null;
  try {
    const url = new URL(/^[a-z][a-z\d+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`);
    return url.protocol === "http:" || url.protocol === "https:" ? feedId(url.href) : null;
  } catch {
    return null;
  }
}

/** A feed's stable id: its URL without fragment, host lowercased, default port dropped (WHATWG form). */
export function feedId(url: string): string {
  const parsed = new URL(url);
  parsed.hash = "";
  return parsed.href;
}
