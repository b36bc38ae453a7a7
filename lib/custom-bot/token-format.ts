import { isSnowflake } from "@/lib/platform/snowflake";

// What a bot token looks like before the platform is asked (pure, client-safe: the form checks it
// as the owner types too): three dot-separated parts of base64url, the first of which decodes to
// the bot user's id. An OAuth access token (one part) or a pasted client secret fails here.

const PART = /^[A-Za-z0-9_-]+$/;
const MAX_TOKEN_LENGTH = 200;

/** The bot user id a token names, or null when it is not shaped like a bot token. */
export function tokenUserId(token: string): string | null {
  if (token.length > MAX_TOKEN_LENGTH) return null;
  const parts = token.split(".");
  if (parts.length !== 3 || !parts.every((part) => PART.test(part))) return null;
  const id = decodeBase64Url(parts[0]!);
  return id !== null && isSnowflake(id) ? id : null;
}

function decodeBase64Url(part: string): string | null {
  try {
    const padded = part.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(part.length / 4) * 4, "=");
    return atob(padded);
  } catch {
    return null;
  }
}
