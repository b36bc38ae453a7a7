// Avatars of the fakes' demo accounts: a coloured disc with initials as an SVG data: URI, so
// pages can show them (the CSP allows data: images, not the fake's own origin) and the demo
// works offline.

export function initialsAvatar(name: string, colour: string): string {
  const initials = name.replace(/[^A-Za-z0-9 ]/g, " ").trim().split(/\s+/).map((word) => word[0]!.toUpperCase()).slice(0, 2).join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><circle cx="48" cy="48" r="48" fill="${colour}"/><text x="48" y="60" font-family="sans-serif" font-size="36" font-weight="700" fill="#fff" text-anchor="middle">${initials}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}
