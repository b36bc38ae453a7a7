import type { ServerResponse } from "node:http";

import { z } from "zod";

import type { EmulatorContext } from "./context";
import { escapeHtml, send, sendText } from "./http";

// Stand-in for cdn.discordapp.com: every known image is an SVG with the
// owner's initials on a colour taken from the hash, so screenshots show
// distinct, stable pictures instead of broken images; an avatar a bot set
// through the API is served as the picture it sent.

const IMAGE_PATH = /^\/cdn\/(icons|avatars|banners|splashes)\/(\d{1,20})\/((?:a_)?[0-9a-f]{32})\.(png|webp|jpg|jpeg|gif)$/;
const DEFAULT_AVATAR_PATH = /^\/cdn\/embed\/avatars\/(\d)\.png$/;
const EMOJI_PATH = /^\/cdn\/emojis\/(\d{17,20})\.(png|webp|gif)$/;

// Discord's default avatar colours, by index.
const DEFAULT_AVATAR_COLOURS = ["#5865f2", "#757e8a", "#3ba55c", "#faa61a", "#ed4245", "#eb459f"] as const;

const sizeQuery = z.object({
  size: z.coerce
    .number()
    .int()
    .refine((size) => size >= 16 && size <= 4096 && (size & (size - 1)) === 0, "size must be a power of two from 16 to 4096")
    .optional(),
});

const IMAGE_HEADERS = {
  "Content-Type": "image/svg+xml",
  "Cache-Control": "public, max-age=31536000, immutable",
  "Access-Control-Allow-Origin": "*",
};

/** "Ada's Workshop" → "AW", "Chen Wei" → "CW"; Discord's guild acronyms work alike. */
export function initials(name: string, max = 3): string {
  const words = name.replace(/'s\b/g, "").split(/[\s\-_.]+/);
  const letters = words.map((word) => /[\p{L}\p{N}]/u.exec(word)?.[0] ?? "").join("");
  return Array.from(letters).slice(0, max).join("").toUpperCase() || "?";
}

/** A hue from the hash, with saturation and lightness that keep white text readable. */
export function colourFor(hash: string): string {
  const hex = hash.replace(/^a_/, "");
  const hue = parseInt(hex.slice(0, 6), 16) % 360;
  const saturation = 45 + (parseInt(hex.slice(6, 8), 16) % 25);
  const lightness = 32 + (parseInt(hex.slice(8, 10), 16) % 14);
  return `hsl(${hue}, ${saturation}%, ${lightness}%)`;
}

export function initialsSvg(text: string, background: string, width: number, height: number): string {
  const fontSize = Math.round(Math.min(width, height) * (text.length > 2 ? 0.32 : 0.4));
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeHtml(text)}">`,
    `<rect width="${width}" height="${height}" fill="${background}"/>`,
    `<text x="50%" y="50%" dominant-baseline="central" text-anchor="middle" fill="#ffffff" font-family="'gg sans','Noto Sans','Helvetica Neue',Helvetica,Arial,sans-serif" font-weight="600" font-size="${fontSize}">${escapeHtml(text)}</text>`,
    `</svg>`,
  ].join("");
}

/** The blurple-and-friends placeholder Discord shows for users without an avatar. */
export function defaultAvatarSvg(index: number, size: number): string {
  const colour = DEFAULT_AVATAR_COLOURS[index] ?? DEFAULT_AVATAR_COLOURS[0];
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64" role="img" aria-label="Default avatar">`,
    `<rect width="64" height="64" fill="${colour}"/>`,
    // A simple rounded head with two eyes, in the spirit of Discord's mascot.
    `<path fill="#ffffff" d="M20 22c4-3 8-4 12-4s8 1 12 4c3 5 4 11 3 18-2 3-5 5-8 6l-2-3c2-1 3-2 4-3-3 1-6 2-9 2s-6-1-9-2c1 1 2 2 4 3l-2 3c-3-1-6-3-8-6-1-7 0-13 3-18z"/>`,
    `<circle cx="26" cy="33" r="3" fill="${colour}"/><circle cx="38" cy="33" r="3" fill="${colour}"/>`,
    `</svg>`,
  ].join("");
}

/** A custom emoji: its initials on a disc, turning when the emoji is animated so screenshots tell the kinds apart. */
export function emojiSvg(name: string, id: string, animated: boolean, size: number): string {
  const spin = animated ? `<animateTransform attributeName="transform" type="rotate" from="0 32 32" to="360 32 32" dur="3s" repeatCount="indefinite"/>` : "";
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64" role="img" aria-label="${escapeHtml(name)}">`,
    `<g><circle cx="32" cy="32" r="30" fill="${colourFor(BigInt(id).toString(16).padStart(10, "0"))}"/>${spin}`,
    `<text x="32" y="32" dominant-baseline="central" text-anchor="middle" fill="#ffffff" font-family="'Noto Sans',Helvetica,Arial,sans-serif" font-weight="700" font-size="26">${escapeHtml(initials(name.replace(/_/g, " "), 2))}</text>`,
    `</g></svg>`,
  ].join("");
}

function ownerName(context: EmulatorContext, kind: string, id: string, hash: string): string | null {
  const { state } = context;
  const hook = kind === "avatars" ? state.webhooks.get(id) : undefined;
  if (hook) return hook.avatar === hash ? hook.name : null;
  if (kind === "avatars" || (kind === "banners" && state.user(id))) {
    const user = state.user(id);
    const matches = kind === "avatars" ? user?.avatar === hash : user?.banner === hash;
    return user && matches ? (user.global_name ?? user.username) : null;
  }
  const guild = state.guild(id);
  if (!guild) return null;
  const current = kind === "icons" ? guild.icon : kind === "banners" ? guild.banner : guild.splash;
  return current === hash ? guild.name : null;
}

export function handleCdn(res: ServerResponse, url: URL, method: string, context: EmulatorContext): void {
  if (method !== "GET" && method !== "HEAD") return sendText(res, 405, "405: Method Not Allowed");
  const query = sizeQuery.safeParse({ size: url.searchParams.get("size") ?? undefined });
  if (!query.success) return sendText(res, 400, "400: Bad Request (invalid size)");
  const size = query.data.size ?? 128;

  const fallback = DEFAULT_AVATAR_PATH.exec(url.pathname);
  if (fallback) {
    const index = Number(fallback[1]);
    if (index >= DEFAULT_AVATAR_COLOURS.length) return sendText(res, 404, "404: Not Found");
    // node leaves the body out of HEAD answers but keeps Content-Length right.
    return send(res, 200, defaultAvatarSvg(index, size), IMAGE_HEADERS);
  }

  const emoji = EMOJI_PATH.exec(url.pathname);
  if (emoji) {
    const [, id, ext] = emoji as unknown as [string, string, string];
    const found = context.state.emoji(id);
    // Only animated emoji have a GIF; still images come as PNG or WebP.
    if (!found || (ext === "gif" && !found.emoji.animated)) return sendText(res, 404, "404: Not Found");
    // One uploaded through the API (emoji-routes.ts) is the picture it sent.
    const uploaded = context.state.emojiImages.get(id);
    if (uploaded) return send(res, 200, uploaded.bytes, { ...IMAGE_HEADERS, "Content-Type": uploaded.contentType });
    return send(res, 200, emojiSvg(found.emoji.name, id, found.emoji.animated, size), IMAGE_HEADERS);
  }

  const image = IMAGE_PATH.exec(url.pathname);
  if (!image) return sendText(res, 404, "404: Not Found");
  const [, kind, id, hash] = image as unknown as [string, string, string, string];
  const name = ownerName(context, kind, id, hash);
  if (name === null) return sendText(res, 404, "404: Not Found");
  // An avatar a bot or a webhook was given through the API is the picture it sent.
  const uploaded = kind === "avatars" ? context.state.avatarImages.get(hash) : undefined;
  if (uploaded) return send(res, 200, uploaded.bytes, { ...IMAGE_HEADERS, "Content-Type": uploaded.contentType });
  const wide = kind === "banners" || kind === "splashes";
  const [width, height] = wide ? [size * 2, Math.round(size * 0.8)] : [size, size];
  const svg = initialsSvg(initials(name, kind === "avatars" ? 2 : 3), colourFor(hash), width, height);
  send(res, 200, svg, IMAGE_HEADERS);
}
