import "server-only";
import { getEnv } from "@/lib/env";
import { CustomBotError } from "./errors";
import type { CustomBotRow } from "./store";
import { openToken, sealToken, TokenKeyMissingError } from "./token-crypto";

// The token between the row and the one call that needs it, with the keys lib/env.ts read.

function tokenKeys() {
  const keys = getEnv().customBotTokenKeys;
  // Without a key a token could only be stored in the clear: the custom bot is off (503), said in the envelope.
  if (!keys) throw new CustomBotError("custom_bot_unavailable");
  return keys;
}

/** Refuses at once (503) when no token could be stored, before the platform is asked anything. */
export function assertTokensCanBeStored(): void {
  tokenKeys();
}

/** The row's token columns for `token`, sealed for this guild under the current key. */
export function sealedColumns(guildId: string, token: string) {
  const sealed = sealToken(token, guildId, tokenKeys());
  return { tokenCiphertext: sealed.ciphertext, tokenIv: sealed.iv, tokenTag: sealed.tag, tokenKeyId: sealed.keyId };
}

/** The stored token, for one call; 409 when its key is gone or the row was tampered with. */
export function storedToken(row: CustomBotRow): string {
  try {
    return openToken({ ciphertext: row.tokenCiphertext, iv: row.tokenIv, tag: row.tokenTag, keyId: row.tokenKeyId }, row.guildId, tokenKeys());
  } catch (error) {
    if (error instanceof CustomBotError) throw error;
    if (error instanceof TokenKeyMissingError) console.error("[custom-bot]", error.message);
    throw new CustomBotError("custom_bot_token_unreadable");
  }
}
