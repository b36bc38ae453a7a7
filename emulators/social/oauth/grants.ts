import { createHash, randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";

// Authorization codes and access tokens the OAuth fake issued: a code works once, within ten
// minutes, for the client, redirect URI and PKCE challenge it was issued to, like the real ones.

export type FakeProvider = "twitch" | "twitter" | "tiktok";

type Code = { provider: FakeProvider; clientId: string; redirectUri: string; challenge?: string; issuedAt: number };

const CODE_TTL_MS = 10 * 60_000;
const codes = new Map<string, Code>();
const tokens = new Map<string, { provider: FakeProvider; clientId: string }>();

export function issueCode(code: Omit<Code, "issuedAt">): string {
  const value = randomBytes(18).toString("base64url");
  codes.set(value, { ...code, issuedAt: Date.now() });
  return value;
}

/** Spends the code; true only when every part of the exchange matches what it was issued for. */
export function redeemCode(value: string, expect: { provider: FakeProvider; clientId: string; redirectUri: string; verifier?: string }): boolean {
  const code = codes.get(value);
  codes.delete(value);
  if (!code || code.provider !== expect.provider || Date.now() - code.issuedAt > CODE_TTL_MS) return false;
  if (code.clientId !== expect.clientId || code.redirectUri !== expect.redirectUri) return false;
  if (code.challenge === undefined) return true;
  return expect.verifier !== undefined && createHash("sha256").update(expect.verifier).digest("base64url") === code.challenge;
}

export function issueToken(provider: FakeProvider, clientId: string, prefix = ""): string {
  const value = `${prefix}${randomBytes(24).toString("base64url")}`;
  tokens.set(value, { provider, clientId });
  return value;
}

/** The client a bearer token of this provider was issued to, or null. */
export function tokenClient(req: IncomingMessage, provider: FakeProvider): string | null {
  const match = /^Bearer (.+)$/i.exec(req.headers.authorization ?? "");
  const token = match ? tokens.get(match[1]!) : undefined;
  return token?.provider === provider ? token.clientId : null;
}

export function redirect(res: ServerResponse, to: string): true {
  res.writeHead(302, { Location: to }).end();
  return true;
}

/** redirect_uri with the callback's query added. */
export function callback(redirectUri: string, query: Record<string, string>): string {
  const url = new URL(redirectUri);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url.toString();
}
