import "server-only";
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import type { TokenKey } from "@/lib/env";

// Custom bot tokens at rest: AES-256-GCM under the first key of CUSTOM_BOT_TOKEN_KEYS, a fresh
// 12-byte IV each time, the guild id as associated data (a ciphertext copied onto another guild's
// row does not open) and the key's id stored beside it, so a rotation adds a key in front and every
// token stored under an older one still opens. The token itself lives only in memory, for the call
// that needs it.

export type SealedToken = { ciphertext: string; iv: string; tag: string; keyId: string };

export class TokenKeyMissingError extends Error {
  constructor(readonly keyId: string) {
    super(`The key "${keyId}" that encrypted this custom bot token is no longer in CUSTOM_BOT_TOKEN_KEYS.`);
    this.name = "TokenKeyMissingError";
  }
}

export function sealToken(token: string, guildId: string, keys: readonly TokenKey[]): SealedToken {
  const [current] = keys;
  if (!current) throw new Error("sealToken needs at least one key");
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", current.key, iv);
  cipher.setAAD(Buffer.from(guildId, "utf8"));
  const ciphertext = Buffer.concat([cipher.update(token, "utf8"), cipher.final()]);
  return { ciphertext: ciphertext.toString("base64"), iv: iv.toString("base64"), tag: cipher.getAuthTag().toString("base64"), keyId: current.id };
}

/** The token; throws when its key is gone (TokenKeyMissingError) or the ciphertext was tampered with. */
export function openToken(sealed: SealedToken, guildId: string, keys: readonly TokenKey[]): string {
  const key = keys.find((candidate) => candidate.id === sealed.keyId);
  if (!key) throw new TokenKeyMissingError(sealed.keyId);
  const decipher = createDecipheriv("aes-256-gcm", key.key, Buffer.from(sealed.iv, "base64"));
  decipher.setAAD(Buffer.from(guildId, "utf8"));
  decipher.setAuthTag(Buffer.from(sealed.tag, "base64"));
  return Buffer.concat([decipher.update(Buffer.from(sealed.ciphertext, "base64")), decipher.final()]).toString("utf8");
}
