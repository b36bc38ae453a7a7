import "server-only";

import { z } from "zod";

import { getEnv } from "@/lib/env";

import { PlatformError, kindForStatus, rethrowAsPlatformError } from "./errors";
import { BOT_PERMISSIONS } from "./permissions";
import { forgetUserToken } from "./user-api";

// The platform's OAuth2 client: authorize URLs for sign-in and for adding the bot,
// and the token endpoint (code exchange, refresh, revocation). The token endpoint
// takes a form POST authenticated with the client id and secret, so it uses plain
// fetch with a timeout rather than the JSON REST client.

export const LOGIN_SCOPES = ["identify", "guilds", "email"] as const;
export const BOT_SCOPES = ["bot", "applications.commands"] as const;
export const OAUTH_TIMEOUT_MS = 8000;

export interface OAuthTokens {
  accessToken: string;
  refreshToken: string;
  /** When the access token expires (ms epoch). */
  expiresAt: number;
  /** Granted scopes, space-separated as the platform sends them. */
  scope: string;
}

/** URLSearchParams writes spaces as "+"; the platform's own URLs use "%20". A literal "+" is already "%2B". */
function query(params: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, value);
  return search.toString().replaceAll("+", "%20");
}

/** Where to send the browser to sign in (`prompt=none` skips the consent screen for returning users). */
export function buildAuthorizeUrl({
  state,
  scopes = LOGIN_SCOPES,
  prompt,
}: {
  state: string;
  scopes?: readonly string[];
  prompt?: "none" | "consent";
}): string {
  const env = getEnv();
  return `${env.DISCORD_OAUTH_URL}/oauth2/authorize?${query({
    client_id: env.DISCORD_CLIENT_ID,
    redirect_uri: env.DISCORD_REDIRECT_URI,
    response_type: "code",
    scope: scopes.join(" "),
    state,
    prompt,
  })}`;
}

/**
 * Where to send the browser to add the bot to a guild, with the bot permission
 * integer (spec 6). With a guildId the guild is preselected and cannot be changed.
 * `clientId` adds another application's bot (a guild's custom bot) instead of ours.
 */
export function buildBotAuthorizeUrl({
  guildId,
  state,
  redirectUri,
  clientId,
}: {
  guildId?: string;
  state: string;
  redirectUri: string;
  clientId?: string;
}): string {
  const env = getEnv();
  return `${env.DISCORD_OAUTH_URL}/oauth2/authorize?${query({
    client_id: clientId ?? env.DISCORD_CLIENT_ID,
    scope: BOT_SCOPES.join(" "),
    permissions: BOT_PERMISSIONS.toString(),
    guild_id: guildId,
    disable_guild_select: guildId === undefined ? undefined : "true",
    response_type: "code",
    redirect_uri: redirectUri,
    state,
  })}`;
}

const tokenResponseSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string().refine((type) => type.toLowerCase() === "bearer", "must be Bearer"),
  expires_in: z.number().positive(),
  refresh_token: z.string().min(1),
  scope: z.string(),
});

const oauthErrorSchema = z.object({
  error: z.string().optional(),
  error_description: z.string().optional(),
  message: z.string().optional(),
  code: z.number().optional(),
  retry_after: z.number().nonnegative().optional(),
});

function failure(response: Response, body: unknown): PlatformError {
  const parsed = oauthErrorSchema.safeParse(body);
  const data = parsed.success ? parsed.data : {};
  const header = Number(response.headers.get("retry-after"));
  const retryAfter = data.retry_after ?? (Number.isFinite(header) && header >= 0 ? header : undefined);
  const detail = data.error_description ?? data.message ?? data.error ?? response.statusText;
  return new PlatformError(`OAuth2 token request failed (${response.status}): ${detail}`, {
    kind: kindForStatus(response.status),
    status: response.status,
    ...(data.code !== undefined ? { code: data.code } : {}),
    ...(data.error !== undefined ? { oauthError: data.error } : {}),
    ...(response.status === 429 && retryAfter !== undefined ? { retryAfter } : {}),
  });
}

async function postForm(path: "/oauth2/token" | "/oauth2/token/revoke", params: Record<string, string>): Promise<unknown> {
  const env = getEnv();
  const body = new URLSearchParams({
    client_id: env.DISCORD_CLIENT_ID,
    client_secret: env.DISCORD_CLIENT_SECRET,
    ...params,
  });
  let response: Response;
  let text: string;
  try {
    response = await fetch(`${env.DISCORD_API_URL}/v10${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
      body,
      signal: AbortSignal.timeout(OAUTH_TIMEOUT_MS),
    });
    text = await response.text();
  } catch (error) {
    return rethrowAsPlatformError(error);
  }
  let json: unknown = undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON: an HTML error page from a proxy, say. The status decides below.
  }
  if (!response.ok) throw failure(response, json);
  return json;
}

function toTokens(body: unknown): OAuthTokens {
  const parsed = tokenResponseSchema.safeParse(body);
  if (!parsed.success) {
    throw new PlatformError("Unexpected OAuth2 token response from the platform", { kind: "server", status: 502 });
  }
  return {
    accessToken: parsed.data.access_token,
    refreshToken: parsed.data.refresh_token,
    expiresAt: Date.now() + parsed.data.expires_in * 1000,
    scope: parsed.data.scope,
  };
}

/**
 * Trades the `code` from the authorize redirect for tokens. `redirectUri` must be the
 * one the authorize URL used (DISCORD_REDIRECT_URI for sign-in). A used or unknown
 * code throws PlatformError kind "bad_request" with oauthError "invalid_grant".
 */
export async function exchangeCode(code: string, redirectUri?: string): Promise<OAuthTokens> {
  const body = await postForm("/oauth2/token", {
    grant_type: "authorization_code",
    code,
    redirect_uri: redirectUri ?? getEnv().DISCORD_REDIRECT_URI,
  });
  return toTokens(body);
}

/** New tokens for a refresh token; the platform rotates the refresh token, so store the new one. */
export async function refreshAccessToken(refreshToken: string): Promise<OAuthTokens> {
  const body = await postForm("/oauth2/token", { grant_type: "refresh_token", refresh_token: refreshToken });
  return toTokens(body);
}

/** Revokes a token at the platform and forgets what this server cached for it. */
export async function revokeToken(token: string, tokenTypeHint?: "access_token" | "refresh_token"): Promise<void> {
  await forgetUserToken(token);
  await postForm("/oauth2/token/revoke", tokenTypeHint ? { token, token_type_hint: tokenTypeHint } : { token });
}
