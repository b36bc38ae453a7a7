// Plugin icons: the shapes, their aliases and the sprite file every page refers to.
// Drawn like components/icons.tsx (24-unit grid, 1.8 stroke, round caps) so the sidebar
// and cards stay consistent. Brands get a neutral pictogram rather than their logo: logos
// need their own colours and licences. Safe for the browser.

/** SVG markup of each icon's shapes, inside a 24 × 24 viewBox. */
const SHAPES: Record<string, string> = {
  puzzle: '<path d="M10 4a2 2 0 1 1 4 0v1h4a1 1 0 0 1 1 1v4h-1a2 2 0 1 0 0 4h1v4a1 1 0 0 1-1 1h-4v-1a2 2 0 1 0-4 0v1H6a1 1 0 0 1-1-1v-4h1a2 2 0 1 0 0-4H5V6a1 1 0 0 1 1-1h4V4Z"/>',
  shield: '<path d="M12 3 4.5 6v5.5c0 4.6 3.2 8.2 7.5 9.5 4.3-1.3 7.5-4.9 7.5-9.5V6L12 3Z"/>',
  wave: '<path d="M8 13V6.5a1.5 1.5 0 0 1 3 0V12M11 11V5a1.5 1.5 0 0 1 3 0v6M14 11V6.5a1.5 1.5 0 0 1 3 0V14a7 7 0 0 1-7 7h-.5a6 6 0 0 1-4.9-2.6L3.4 15.2a1.5 1.5 0 0 1 2.4-1.8L8 16"/><path d="M18.5 3.5c1 .5 1.7 1.3 2 2.3"/>',
  clock: '<circle cx="12" cy="12" r="9"/><path d="M12 7v5l3 2"/>',
  terminal: '<rect x="3" y="4" width="18" height="16" rx="2"/><path d="m7 9 3 3-3 3M13 15h4"/>',
  code: '<path d="m8 7-5 5 5 5M16 7l5 5-5 5M14 4l-4 16"/>',
  help: '<circle cx="12" cy="12" r="9"/><path d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6v.6M12 17h.01"/>',
  smile: '<circle cx="12" cy="12" r="9"/><path d="M8.5 14.5a4.5 4.5 0 0 0 7 0M9 9.5h.01M15 9.5h.01"/>',
  mic: '<rect x="9" y="3" width="6" height="11" rx="3"/><path d="M5.5 11a6.5 6.5 0 0 0 13 0M12 17.5V21M9 21h6"/>',
  search: '<circle cx="11" cy="11" r="6.5"/><path d="m20 20-4.3-4.3"/>',
  chart: '<path d="M4 20V4M4 20h16M8 16v-5M12 16V8M16 16v-3M20 16V6"/>',
  door: '<path d="M6 21V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v17M3 21h18"/><path d="M14.5 12h.01"/>',
  tv: '<rect x="3" y="5" width="18" height="13" rx="2"/><path d="m8 2 4 3 4-3M8 21h8"/>',
  play: '<rect x="2.5" y="5" width="19" height="14" rx="4"/><path d="m10 9 5 3-5 3V9Z"/>',
  bird: '<path d="M21 6.5c-.8.4-1.6.6-2.5.7a4 4 0 0 0-7 3.2A11 11 0 0 1 3.5 6s-3.5 8 4.5 11.5A12.6 12.6 0 0 1 2.5 19c9 5 20 0 18.5-12.5Z"/>',
  at: '<circle cx="12" cy="12" r="4"/><path d="M16 8v5a3 3 0 0 0 6 0v-1a10 10 0 1 0-4 8"/>',
  rss: '<path d="M5 11a8 8 0 0 1 8 8M5 5a14 14 0 0 1 14 14"/><circle cx="6" cy="18" r="1.2"/>',
  bolt: '<path d="M13 2 4 14h7l-1 8 9-12h-7l1-8Z"/>',
  message: '<path d="M4 5h16a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1h-9l-5 4v-4H4a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1Z"/>',
  camera: '<rect x="3" y="3" width="18" height="18" rx="5"/><circle cx="12" cy="12" r="4"/><path d="M17.5 6.5h.01"/>',
  note: '<path d="M9 18V5l11-2v13"/><circle cx="6.5" cy="18" r="2.5"/><circle cx="17.5" cy="16" r="2.5"/>',
  headphones: '<path d="M3 17v-4a9 9 0 0 1 18 0v4"/><rect x="3" y="14" width="4" height="7" rx="1.5"/><rect x="17" y="14" width="4" height="7" rx="1.5"/>',
  trophy: '<path d="M8 4h8v6a4 4 0 0 1-8 0V4ZM8 6H5a2 2 0 0 0 2 4h1M16 6h3a2 2 0 0 1-2 4h-1"/><path d="M12 14v3M8.5 21h7M9.5 21l.5-4h4l.5 4"/>',
  award: '<circle cx="12" cy="9" r="6"/><path d="m9 14.5-1.5 6.5 4.5-2.5 4.5 2.5-1.5-6.5M12 6.5l.8 1.6 1.7.3-1.2 1.2.3 1.7-1.6-.8-1.6.8.3-1.7-1.2-1.2 1.7-.3.8-1.6Z"/>',
  sticker: '<path d="M20 12V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h6l8-8Z"/><path d="M12 20v-5a3 3 0 0 1 3-3h5M8.5 9.5h.01M13.5 9.5h.01"/>',
  star: '<path d="m12 3 2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9L12 3Z"/>',
  trending: '<path d="m3 17 6-6 4 4 8-8M15 7h6v6"/>',
  cake: '<path d="M4 21v-8a2 2 0 0 1 2-2h12a2 2 0 0 1 2 2v8M3 21h18M4 16c1.5 1 3 1 4 0s2.5-1 4 0 2.5 1 4 0 2.5-1 4 0"/><path d="M12 11V7M12 3.5c.8.8.8 1.7 0 2.5-.8-.8-.8-1.7 0-2.5Z"/>',
  coins: '<ellipse cx="9" cy="7" rx="6" ry="3"/><path d="M3 7v5c0 1.7 2.7 3 6 3s6-1.3 6-3V7M3 12v5c0 1.7 2.7 3 6 3 1.4 0 2.7-.2 3.7-.6"/><path d="M15 13.2c.6-.1 1.3-.2 2-.2 2.8 0 4 1 4 2.5V19c0 1-1.8 2-4 2s-4-1-4-2"/>',
  gift: '<rect x="3" y="8" width="18" height="4" rx="1"/><path d="M5 12v8a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1v-8M12 8v13M12 8S10.5 3 8 4s0 4 4 4ZM12 8s1.5-5 4-4 0 4-4 4Z"/>',
  podcast: '<circle cx="12" cy="10" r="2.5"/><path d="M12 14v7M7.5 15a6.5 6.5 0 1 1 9 0M5 18a9.5 9.5 0 1 1 14 0"/>',
  ticket: '<path d="M3 8a2 2 0 0 0 0 4v0a2 2 0 0 1 0 4v2a1 1 0 0 0 1 1h16a1 1 0 0 0 1-1v-2a2 2 0 0 1 0-4 2 2 0 0 1 0-4V6a1 1 0 0 0-1-1H4a1 1 0 0 0-1 1v2Z"/><path d="M14 5v2M14 11v2M14 17v2"/>',
  bell: '<path d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15L6 16ZM10 21h4"/>',
  link: '<path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1"/>',
  crown: '<path d="M3 8l4.5 4L12 5l4.5 7L21 8l-2 11H5L3 8Z"/>',
  wallet: '<path d="M19 7V5a1 1 0 0 0-1-1H5a2 2 0 0 0 0 4h15a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H5a2 2 0 0 1-2-2V6"/><path d="M16.5 13.5h.01"/>',
  image: '<rect x="3" y="4" width="18" height="16" rx="2"/><circle cx="9" cy="10" r="2"/><path d="m21 16-5-5-9 9"/>',
  card: '<rect x="2.5" y="5" width="19" height="14" rx="2"/><path d="M2.5 10h19M6 15h4"/>',
  bot: '<rect x="4" y="8" width="16" height="12" rx="3"/><path d="M12 4v4M9 13v1M15 13v1M2 13v3M22 13v3"/><circle cx="12" cy="3.5" r="1"/>',
  hash: '<path d="M5 9h15M4 15h15M10 3 8 21M16 3l-2 18"/>',
  zap: '<path d="M13 2 4 14h7l-1 8 9-12h-7l1-8Z"/>',
  sparkles: '<path d="M12 3v4M12 17v4M3 12h4M17 12h4M6 6l2.5 2.5M15.5 15.5 18 18M6 18l2.5-2.5M15.5 8.5 18 6"/>',
  calendar: '<rect x="3" y="5" width="18" height="16" rx="2"/><path d="M3 10h18M8 3v4M16 3v4"/>',
  video: '<rect x="3" y="6" width="13" height="12" rx="2"/><path d="m16 10 5-3v10l-5-3"/>',
  mail: '<rect x="3" y="5" width="18" height="14" rx="2"/><path d="m3 7 9 6 9-6"/>',
  users: '<circle cx="9" cy="8" r="3.5"/><path d="M2.5 20a6.5 6.5 0 0 1 13 0M16 4.5a3.5 3.5 0 0 1 0 7M18 14.5a6.5 6.5 0 0 1 3.5 5.5"/>',
  lock: '<rect x="4" y="10" width="16" height="11" rx="2"/><path d="M8 10V7a4 4 0 0 1 8 0v3"/>',
  // Dashboard pages (not plugins), drawn by the guild sidebar.
  grid: '<rect x="4" y="4" width="7" height="7" rx="1.5"/><rect x="13" y="4" width="7" height="7" rx="1.5"/><rect x="4" y="13" width="7" height="7" rx="1.5"/><rect x="13" y="13" width="7" height="7" rx="1.5"/>',
  history: '<path d="M3 12a9 9 0 1 0 2.6-6.4L3 8M3 3v5h5M12 7v5l3.5 2"/>',
  copy: '<rect x="8" y="8" width="13" height="13" rx="2"/><path d="M16 8V5a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v9a2 2 0 0 0 2 2h3"/>',
};

// Other spellings a definition may use for the same picture.
const ALIASES: Record<string, string> = {
  hand: "wave", credit: "card", medal: "award", timer: "clock", stopwatch: "clock", command: "terminal", embed: "code", question: "help", emoji: "sticker",
  emojis: "sticker", record: "mic", microphone: "mic", stats: "chart", statistics: "chart", "bar-chart": "chart", voice: "door",
  twitch: "tv", stream: "tv", youtube: "play", twitter: "bird", x: "at", reddit: "message", chat: "message", kick: "bolt",
  instagram: "camera", tiktok: "video", music: "note", blindtest: "headphones", achievements: "trophy", levels: "trending",
  level: "trending", rank: "trending", birthday: "cake", birthdays: "cake", economy: "coins", coin: "coins", credits: "coins",
  giveaway: "gift", giveaways: "gift", podcasts: "podcast", ticketing: "ticket", tickets: "ticket", automations: "zap",
  automation: "zap", notifications: "bell", webhook: "link", webhooks: "link", membership: "crown", memberships: "crown",
  premium: "crown", crypto: "wallet", nft: "image", picture: "image", bot: "bot", robot: "bot", custom_bot: "bot", channel: "hash",
  sparkle: "sparkles", party: "sparkles", feed: "rss", moderation: "shield", moderator: "shield", welcome: "wave",
};

/** The icon drawn for a definition's `icon` key: itself, its alias, or the generic puzzle piece. */
export function resolveIcon(name: string): string {
  if (SHAPES[name]) return name;
  const alias = ALIASES[name];
  return alias && SHAPES[alias] ? alias : "puzzle";
}

/**
 * Every icon as a <symbol>, in one file the browser caches (app/icons.svg/route.ts), so a
 * page that draws ~70 icons carries none of their shapes. The stroke is set on each symbol,
 * and its currentColor follows the text colour around each use.
 */
export const ICON_SPRITE_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg">' +
  Object.entries(SHAPES)
    .map(([name, shapes]) => `<symbol id="${name}" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round">${shapes}</symbol>`)
    .join("") +
  "</svg>";

/** FNV-1a of the sprite: a new drawing gets a new URL, so the file can be cached for good. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

export const ICON_SPRITE_PATH = "/icons.svg";
export const ICON_SPRITE_URL = `${ICON_SPRITE_PATH}?v=${fnv1a(ICON_SPRITE_SVG)}`;
