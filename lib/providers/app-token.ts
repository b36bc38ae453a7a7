import "server-only";
import { createHash } from "node:crypto";
import { z } from "zod";
import { inputText } from "@/lib/validation/text";
import { ProviderError } from "./errors";
import { callProvider, failureOf, parsed, type ProviderAnswer } from "./provider-call";
import type { ProviderId } from "./types";

// App access tokens from the OAuth client-credentials grant (Twitch, Kick, Reddit, TikTok): one
// per set of credentials, kept until shortly before it expires, shared by concurrent callers,
// and dropped when the API refuses it (the caller then asks once for a fresh one).

export type ClientCredentials = {
  provider: ProviderId;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  /** Reddit takes the client as HTTP basic; the others as form fields. */
  auth?: "basic" | "form";
  /** TikTok names the client id field `client_key`. */
  idField?: string;
  /** Reddit throttles requests without a User-Agent naming the app. */
  headers?: Record<string, string>;
};

const tokenAnswer = z.object({ access_token: inputText().min(1), expires_in: z.number().positive() });

/** Renew this long before the provider's expiry, so no call goes out with a token about to die. */
const EARLY_MS = 60_000;

type Issued = { token: string; renewAt: number };
const store = globalThis as typeof globalThis & { __guildhallAppTokens?: Map<string, Promise<Issued>> };

function held(): Map<string, Promise<Issued>> {
  store.__guildhallAppTokens ??= new Map();
  return store.__guildhallAppTokens;
}

/** Hashed, so no secret is kept as a map key. */
const keyOf = (credentials: ClientCredentials) =>
  `${credentials.provider}:${createHash("sha256").update([credentials.tokenUrl, credentials.clientId, credentials.clientSecret].join("\n")).digest("hex")}`;

export async function appToken(credentials: ClientCredentials): Promise<string> {
  const key = keyOf(credentials);
  const current = held().get(key);
  if (current) {
    const issued = await current.catch(() => null);
    if (issued && issued.renewAt > Date.now()) return issued.token;
    // Expired or failed: whoever comes first replaces it, later callers share the new one.
    if (held().get(key) !== current) return appToken(credentials);
  }
  const next = issue(credentials);
  held().set(key, next);
  next.catch(() => {
    if (held().get(key) === next) held().delete(key);
  });
  return (await next).token;
}

/** Forgets `token` after the API refused it; a newer token (or one being issued) is kept. */
export async function dropAppToken(credentials: ClientCredentials, token: string): Promise<void> {
  const key = keyOf(credentials);
  const current = held().get(key);
  if (current && (await current.catch(() => null))?.token === token && held().get(key) === current) held().delete(key);
}

/** An API call with the app token, made again once with a fresh token when the API answers 401. */
export async function withAppToken(credentials: ClientCredentials, call: (token: string) => Promise<ProviderAnswer>): Promise<ProviderAnswer> {
  const token = await appToken(credentials);
  const answer = await call(token);
  if (answer.status !== 401) return answer;
  await dropAppToken(credentials, token);
  return call(await appToken(credentials));
}

/** Tests (through clearProviderCache): forget every token. */
export function clearAppTokens(): void {
  held().clear();
}

async function issue(credentials: ClientCredentials): Promise<Issued> {
  const { provider, clientId, clientSecret } = credentials;
  const form = new URLSearchParams({ grant_type: "client_credentials" });
  const headers: Record<string, string> = { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json", ...credentials.headers };
  if (credentials.auth === "basic") headers.Authorization = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString("base64")}`;
  else {
    form.set(credentials.idField ?? "client_id", clientId);
    form.set("client_secret", clientSecret);
  }
  const answer = await callProvider(provider, credentials.tokenUrl, { method: "POST", headers, body: form.toString() });
  // Token endpoints refuse bad credentials with 400, 401 or 403, Reddit with 200 { error }: the operator must fix them.
  const refused = answer.status === 400 || answer.status === 401 || answer.status === 403 || (typeof answer.body === "object" && answer.body !== null && "error" in answer.body);
  if (refused) throw new ProviderError(provider, "not_configured", `${provider} refused the client credentials (${answer.status})`);
  if (!answer.ok) throw failureOf(provider, answer);
  const { access_token: token, expires_in: expiresIn } = parsed(provider, tokenAnswer, answer);
  const lifetimeMs = expiresIn * 1000;
  return { token, renewAt: Date.now() + Math.max(lifetimeMs - EARLY_MS, lifetimeMs / 2) };
}
