import "server-only";
import { z } from "zod";
import { inputText } from "@/lib/validation/text";
import { ProviderError } from "./errors";
import { failureOf, providerFetch, readJson } from "./provider-fetch";
import type { ProviderId } from "./types";

// App access tokens from the OAuth client-credentials grant (Twitch, Kick): one per set of
// credentials, kept until shortly before it expires, shared by concurrent callers, and
// dropped when the API refuses it (the caller then asks once for a fresh one).

export type ClientCredentials = { provider: ProviderId; tokenUrl: string; clientId: string; clientSecret: string };

const tokenAnswer = z.object({ access_token: inputText().min(1), expires_in: z.number().positive(), token_type: inputText() });

/** Renew this long before the provider's expiry, so no call goes out with a token about to die. */
const EARLY_MS = 60_000;

type Issued = { token: string; renewAt: number };
const held = new Map<string, Promise<Issued>>();

const keyOf = (credentials: ClientCredentials) => `${credentials.tokenUrl}\n${credentials.clientId}\n${credentials.clientSecret}`;

export async function appToken(credentials: ClientCredentials): Promise<string> {
  const key = keyOf(credentials);
  const current = held.get(key);
  if (current) {
    const issued = await current.catch(() => null);
    if (issued && issued.renewAt > Date.now()) return issued.token;
    // Expired or failed: whoever comes first replaces it, later callers share the new one.
    if (held.get(key) !== current) return appToken(credentials);
  }
  const next = issue(credentials);
  held.set(key, next);
  next.catch(() => {
    if (held.get(key) === next) held.delete(key);
  });
  return (await next).token;
}

/** Forgets `token` after the API refused it; a newer token (or one being issued) is kept. */
export async function dropAppToken(credentials: ClientCredentials, token: string): Promise<void> {
  const key = keyOf(credentials);
  const current = held.get(key);
  if (current && (await current.catch(() => null))?.token === token && held.get(key) === current) held.delete(key);
}

async function issue(credentials: ClientCredentials): Promise<Issued> {
  const { provider } = credentials;
  const response = await providerFetch(provider, credentials.tokenUrl, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
    body: new URLSearchParams({ client_id: credentials.clientId, client_secret: credentials.clientSecret, grant_type: "client_credentials" }),
  });
  // The token endpoint refuses bad credentials with 400, 401 or 403: the operator must fix them.
  if (response.status === 400 || response.status === 401 || response.status === 403) {
    throw new ProviderError(provider, "not_configured", `${provider} refused the client credentials (${response.status})`);
  }
  if (!response.ok) throw failureOf(provider, response);
  const answer = await readJson(provider, response, tokenAnswer);
  const lifetimeMs = answer.expires_in * 1000;
  return { token: answer.access_token, renewAt: Date.now() + Math.max(lifetimeMs - EARLY_MS, lifetimeMs / 2) };
}

/** Tests: forget every token. */
export function clearAppTokens(): void {
  held.clear();
}

/** An API call with the app token, asked again once with a fresh token when the API answers 401. */
export async function withAppToken(credentials: ClientCredentials, call: (token: string) => Promise<Response>): Promise<Response> {
  const token = await appToken(credentials);
  const response = await call(token);
  if (response.status !== 401) return response;
  await dropAppToken(credentials, token);
  return call(await appToken(credentials));
}
