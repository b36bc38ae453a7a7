// How settings name an image the guild uploaded: `upload:<storage key>` (the content-addressed
// key of lib/storage/keys.ts), served at /api/uploads/<key>. Pure and client-safe (no zod, no
// Node APIs), so the settings form's image control and the cards' pickers read values the same way.

export const UPLOAD_PREFIX = "upload:";

// Same rule as lib/storage/keys.ts (which needs node:crypto, so cannot ship to the browser);
// lib/card-drawing/background.test.ts checks the two agree.
const UPLOAD_KEY = /^[0-9a-f]{64}\.(png|jpg|gif|webp)$/;

/** Room for the longest reference, `upload:` + 64 hex digits + `.webp` (76 characters). */
export const MAX_UPLOAD_REFERENCE_LENGTH = 80;

export const uploadReference = (key: string): string => `${UPLOAD_PREFIX}${key}`;

/** The storage key an `upload:<key>` value names, or null when the value is no such reference. */
export function uploadKeyOf(value: unknown): string | null {
  if (typeof value !== "string" || value.length > MAX_UPLOAD_REFERENCE_LENGTH || !value.startsWith(UPLOAD_PREFIX)) return null;
  const key = value.slice(UPLOAD_PREFIX.length);
  return UPLOAD_KEY.test(key) ? key : null;
}

export function uploadUrl(key: string): string {
  return `/api/uploads/${key}`;
}
