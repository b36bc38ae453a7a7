// Image URLs on the platform CDN (spec 3 "Image URLs") and guild initials.
// Pure and client-safe: the CDN base is an argument (server code passes
// getEnv().DISCORD_CDN_URL; client components receive it as a prop).

/** Image sizes the CDN serves: powers of two from 16 to 4096. */
export type ImageSize = 16 | 32 | 64 | 128 | 256 | 512 | 1024 | 2048 | 4096;

/** Default avatars in the classic discriminator scheme (spec 9: "Default avatar count 5"). */
export const LEGACY_DEFAULT_AVATAR_COUNT = 5;
/** Default avatars for accounts on the unique-username system (discriminator "0"). */
export const DEFAULT_AVATAR_COUNT = 6;

function base(cdnBase: string): string {
  return cdnBase.replace(/\/+$/, "");
}

function sizeQuery(size: ImageSize | undefined): string {
  return size === undefined ? "" : `?size=${size}`;
}

/** Animated image hashes start with `a_` and are served as GIF. */
function extension(hash: string): "gif" | "png" {
  return hash.startsWith("a_") ? "gif" : "png";
}

/** The guild's icon URL, or null when the guild has no icon (show its initials instead). */
export function guildIconUrl(
  cdnBase: string,
  guild: { id: string; icon: string | null | undefined },
  size?: ImageSize,
): string | null {
  if (!guild.icon) return null;
  return `${base(cdnBase)}/icons/${guild.id}/${guild.icon}.${extension(guild.icon)}${sizeQuery(size)}`;
}

/** A custom emoji's image: GIF for animated ones (the CDN has no GIF of a still emoji), else PNG. */
export function emojiImageUrl(cdnBase: string, emoji: { id: string; animated: boolean }, size?: ImageSize): string {
  return `${base(cdnBase)}/emojis/${emoji.id}.${emoji.animated ? "gif" : "png"}${sizeQuery(size)}`;
}

/**
 * Index of the user's default avatar (`embed/avatars/{index}.png`).
 * Spec 3: the discriminator modulo 5. Accounts on the unique-username system have
 * discriminator "0", which would always give avatar 0; for them we follow the platform's
 * own rule, `(BigInt(id) >> 22n) % 6n` (the snowflake timestamp modulo 6, as the
 * platform client and @discordjs/rest's calculateUserDefaultAvatarIndex do).
 */
export function defaultAvatarIndex(user: { id: string; discriminator?: string | null }): number {
  const discriminator = user.discriminator ?? "0";
  if (/^\d+$/.test(discriminator) && Number(discriminator) !== 0) {
    return Number(discriminator) % LEGACY_DEFAULT_AVATAR_COUNT;
  }
  if (!/^\d{1,20}$/.test(user.id)) return 0;
  return Number((BigInt(user.id) >> 22n) % BigInt(DEFAULT_AVATAR_COUNT));
}

/** The user's avatar URL, or their default avatar when they have none. Never null. */
export function userAvatarUrl(
  cdnBase: string,
  user: { id: string; avatar: string | null | undefined; discriminator?: string | null },
  size?: ImageSize,
): string {
  if (user.avatar) {
    return `${base(cdnBase)}/avatars/${user.id}/${user.avatar}.${extension(user.avatar)}${sizeQuery(size)}`;
  }
  return `${base(cdnBase)}/embed/avatars/${defaultAvatarIndex(user)}.png`;
}

const MAX_INITIALS = 4;

function graphemes(text: string): string[] {
  // Intl.Segmenter keeps emoji sequences and combining marks together; older
  // browsers without it fall back to code points (never a broken surrogate pair).
  if (typeof Intl.Segmenter === "function") {
    return Array.from(new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(text), (part) => part.segment);
  }
  return Array.from(text);
}

/**
 * Initials shown in place of a missing guild icon, like the platform's client:
 * the first character of each word ("Night Owls Book Club" → "NOBC"), with the
 * possessive "'s" dropped ("Bob's Place" → "BP"). Works on whole grapheme clusters,
 * so emoji and non-Latin names never produce broken characters. At most 4 characters;
 * "?" when the name has no visible characters.
 */
export function guildInitials(name: string): string {
  const words = name
    .replace(/['’]s(?=\s|$)/gi, "")
    .split(/\s+/u)
    .filter((word) => word.length > 0);
  const initials = words.map((word) => graphemes(word)[0] ?? "").filter((initial) => initial.trim().length > 0);
  if (initials.length === 0) return "?";
  return initials
    .slice(0, MAX_INITIALS)
    .map((initial) => initial.toLocaleUpperCase())
    .join("");
}
