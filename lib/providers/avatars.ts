import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import sharp from "sharp";
import { getEnv } from "@/lib/env";
import { ApiError } from "@/lib/http/api-error";
import { guardedFetch, OutboundError } from "@/lib/http/guarded-fetch";
import { providerCached } from "./cache";

// Providers' avatars live on their own CDNs (static-cdn.jtvnw.net, yt3.ggpht.com, pbs.twimg.com…),
// which the pages' image policy does not allow, and should not: a page would then tell those
// hosts who looks at it. So the server hands out our own address for each avatar a provider
// named, signed so that it fetches nothing else (no open proxy), and serves a small re-encoded
// copy: fetched through the guarded fetch, capped, metadata stripped, cached a day.

export const AVATAR_PATH = "/api/plugins/avatars";
const SIZE = 96;
const MAX_BYTES = 1024 * 1024;
const DAY_MS = 24 * 3600_000;

const signature = (url: string) => createHmac("sha256", getEnv().SESSION_SECRET).update(`provider-avatar\0${url}`).digest("base64url").slice(0, 32);

/** The address pages may show for a provider's avatar: inline images as they are, web images through us, anything else none. */
export function shownAvatarUrl(url: string | null): string | null {
  if (!url) return null;
  if (url.startsWith("data:image/")) return url;
  if (!/^https?:\/\//i.test(url)) return null;
  return `${AVATAR_PATH}?${new URLSearchParams({ u: url, s: signature(url) })}`;
}

/** The avatar at `url` as a small WebP, when `sig` is the one shownAvatarUrl gave it. */
export async function proxiedAvatar(url: string, sig: string): Promise<Uint8Array> {
  const expected = Buffer.from(signature(url));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new ApiError(403, "avatar_forbidden", "This image address was not given out by Guildhall.");
  return providerCached(`avatar:${url}`, { ttlMs: DAY_MS, staleMs: DAY_MS }, async () => {
    let body: Buffer;
    try {
      ({ body } = await guardedFetch(url, { maxBytes: MAX_BYTES, timeoutMs: 5_000, headers: { accept: "image/*" } }));
    } catch (error) {
      if (error instanceof OutboundError) throw new ApiError(502, "avatar_unavailable", "The image could not be loaded.");
      throw error;
    }
    try {
      return new Uint8Array(await sharp(body, { limitInputPixels: 4096 ** 2, failOn: "warning" }).resize(SIZE, SIZE, { fit: "cover" }).webp({ quality: 82 }).toBuffer());
    } catch {
      throw new ApiError(502, "avatar_unavailable", "The provider's answer is not an image.");
    }
  });
}
