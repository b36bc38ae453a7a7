// Avatars of the fakes' demo accounts: a coloured disc with initials as inline SVG (a data:
// URI), so pages can show them under the dashboard's Content-Security-Policy (images from our
// own origin, data: and the Discord CDN only) without loading anything from the fake's origin.

/** `colour` is a CSS colour, or a hue (0-360) for a mid-tone of it. */
export function initialsAvatar(name: string, colour: string | number): string {
  const initials = name
    .replace(/[^\p{L}\p{N} ]/gu, " ")
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join("");
  const fill = typeof colour === "number" ? `hsl(${colour} 55% 42%)` : colour;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="32" fill="${fill}"/>` +
    `<text x="32" y="41" font-family="sans-serif" font-size="24" font-weight="700" text-anchor="middle" fill="#fff">${initials}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}

/**
 * Seconds since the epoch, `hoursAgo` before now: demo items stay recent whenever the demo runs.
 * "Now" moves by whole minutes, so two requests a moment apart date an item alike (by the second,
 * they differed whenever a second began between them: the adapters' tests compare two reads).
 */
export function secondsAgo(hoursAgo: number): number {
  return Math.floor(Date.now() / 60_000) * 60 - Math.floor(hoursAgo * 3600);
}

/** A demo item's time in seconds since the epoch: when the control API published it (`at`), else `hoursAgo` before now. */
export function itemSeconds(item: { hoursAgo: number; at?: number }): number {
  return item.at ?? secondsAgo(item.hoursAgo);
}
