import "server-only";
import { createHash } from "node:crypto";

// App-only access tokens (client credentials) of the providers that use them, kept in memory
// until shortly before they expire. Concurrent callers share one token request; a failed
// request is not kept, so the next caller asks again.

type Token = { value: string; expiresAt: number };

const EARLY_MS = 60_000;
const store = globalThis as typeof globalThis & { __guildhallProviderTokens?: Map<string, Promise<Token>> };

function tokens(): Map<string, Promise<Token>> {
  store.__guildhallProviderTokens ??= new Map();
  return store.__guildhallProviderTokens;
}

/** The token kept under `key` (name the credentials and the origin in it), else a new one from `request`. */
export async function appToken(key: string, request: () => Promise<{ token: string; expiresIn: number }>): Promise<string> {
  const kept = tokens().get(key);
  if (kept) {
    const token = await kept;
    if (Date.now() < token.expiresAt) return token.value;
    if (tokens().get(key) === kept) tokens().delete(key);
    return appToken(key, request);
  }
  const pending = request().then(({ token, expiresIn }) => ({ value: token, expiresAt: Date.now() + expiresIn * 1000 - EARLY_MS }));
  tokens().set(key, pending);
  pending.catch(() => {
    if (tokens().get(key) === pending) tokens().delete(key);
  });
  return (await pending).value;
}

/** Drops a token the provider refused (revoked, or the provider forgot it) so the next call asks again. */
export function forgetAppToken(key: string): void {
  tokens().delete(key);
}

/** A key naming the provider, its token origin and its credentials (hashed: no secret is kept as a key). */
export function credentialsKey(provider: string, origin: string, ...credentials: (string | undefined)[]): string {
  return `${provider}:${origin}:${createHash("sha256").update(credentials.join("\n")).digest("hex")}`;
}
