import "server-only";
import sharp from "sharp";
import { getEnv } from "@/lib/env";
import { getStorage } from "@/lib/storage";
import { CARD_HEIGHT, CARD_WIDTH } from "./presets";

// Pictures the card draws, turned into data: URLs for the renderer (which must not
// fetch anything itself): the avatar from the platform CDN, an upload from storage.
// Both sources never change behind a URL or key, so the results are kept in memory.

const AVATAR_SIZE = 256;
const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
const AVATAR_TIMEOUT_MS = 3000;

/** A small map that forgets the least recently used entry past `max`. */
class Recent<V> {
  private readonly entries = new Map<string, V>();
  constructor(private readonly max: number) {}
  get(key: string): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }
  set(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value as string);
  }
}

const avatars = new Recent<string>(200);
const backgrounds = new Recent<string>(16);

/**
 * The avatar at `url` as a square PNG data: URL, or null when it cannot be had quickly
 * (then the card draws the initial). Only URLs on the configured platform CDN are fetched.
 */
export async function avatarDataUrl(url: string): Promise<string | null> {
  const cdn = getEnv().DISCORD_CDN_URL.replace(/\/+$/, "");
  if (!url.startsWith(`${cdn}/`)) return null;
  const known = avatars.get(url);
  if (known) return known;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(AVATAR_TIMEOUT_MS), redirect: "error" });
    if (!response.ok || Number(response.headers.get("content-length") ?? "0") > AVATAR_MAX_BYTES) return null;
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (bytes.byteLength > AVATAR_MAX_BYTES) return null;
    const png = await sharp(bytes, { limitInputPixels: 4096 * 4096 }).resize(AVATAR_SIZE, AVATAR_SIZE, { fit: "cover" }).png().toBuffer();
    const dataUrl = `data:image/png;base64,${png.toString("base64")}`;
    avatars.set(url, dataUrl);
    return dataUrl;
  } catch {
    return null;
  }
}

/** A stored upload cut to the card's size (first frame of an animation), as a JPEG data: URL; null when the object is gone. */
export async function backgroundDataUrl(key: string): Promise<string | null> {
  const known = backgrounds.get(key);
  if (known) return known;
  const stored = await getStorage().get(key);
  if (!stored) return null;
  const jpeg = await sharp(stored.bytes, { limitInputPixels: 4096 * 4096 }).resize(CARD_WIDTH, CARD_HEIGHT, { fit: "cover" }).flatten({ background: "#11141b" }).jpeg({ quality: 88 }).toBuffer();
  const dataUrl = `data:image/jpeg;base64,${jpeg.toString("base64")}`;
  backgrounds.set(key, dataUrl);
  return dataUrl;
}
