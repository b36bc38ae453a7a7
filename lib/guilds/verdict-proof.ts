import { createHmac, timingSafeEqual } from "node:crypto";
import { getEnv } from "@/lib/env";
import { isSnowflake } from "@/lib/platform/snowflake";

// Proof that middleware made the permission verdict for this request: a request header
// only middleware sets (it strips any copy a client sends), signed with a key derived
// from SESSION_SECRET, naming the guild and the user it was made for. A page that draws
// a guild's data for a viewer checks it instead of repeating the verdict, and a page
// reached some other way (a matcher gap, a rewrite) finds no proof and shows nothing.
// Not marked server-only: middleware uses it.

export const VERDICT_HEADER = "x-guildhall-verdict";

/** A verdict is only good for the request it was made for; this bounds a leaked header's use. */
const LIFETIME_MS = 60_000;

function mac(payload: string): string {
  const key = createHmac("sha256", getEnv().SESSION_SECRET).update("guild-page-verdict").digest();
  return createHmac("sha256", key).update(payload).digest("base64url");
}

export function signVerdict(guildId: string, userId: string, now = Date.now()): string {
  const payload = `v1.${guildId}.${userId}.${now + LIFETIME_MS}`;
  return `${payload}.${mac(payload)}`;
}

/** The user the verdict for this guild was made for, or null when there is no valid proof. */
export function readVerdict(value: string | null | undefined, guildId: string, now = Date.now()): { userId: string } | null {
  if (!value) return null;
  const parts = value.split(".");
  if (parts.length !== 5) return null;
  const [version, forGuild, userId, expires, signature] = parts as [string, string, string, string, string];
  if (version !== "v1" || forGuild !== guildId || !isSnowflake(userId) || !(Number(expires) > now)) return null;
  const expected = Buffer.from(mac(`${version}.${forGuild}.${userId}.${expires}`));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? { userId } : null;
}
