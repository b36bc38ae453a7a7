import type { RESTPostOAuth2AccessTokenResult } from "discord-api-types/v10";

import type { ApiResponse } from "./api-errors";
import { EMULATOR_CLIENT_ID, EMULATOR_CLIENT_SECRET } from "./credentials";
import { fullGuild } from "./serialize";
import type { PlatformState } from "./state";
import type { IssuedTokens } from "./tokens";

// POST /oauth2/token and /oauth2/token/revoke. Errors use the OAuth2 shape
// ({ error, error_description }) rather than Discord's { message, code }.

const oauthError = (status: number, error: string, description?: string): ApiResponse => ({
  status,
  body: description === undefined ? { error } : { error, error_description: description },
});

const invalidGrant = (field: string) => oauthError(400, "invalid_grant", `Invalid "${field}" in request.`);

/** Client credentials from HTTP Basic or the form body; null when missing or wrong. */
export function authenticateClient(authorization: string | undefined, form: URLSearchParams): string | null {
  let clientId = form.get("client_id");
  let clientSecret = form.get("client_secret");
  const basic = /^Basic\s+(\S+)$/i.exec(authorization ?? "");
  if (basic) {
    const decoded = Buffer.from(basic[1] as string, "base64").toString("utf8");
    const colon = decoded.indexOf(":");
    if (colon < 0) return null;
    try {
      clientId = decodeURIComponent(decoded.slice(0, colon));
      clientSecret = decodeURIComponent(decoded.slice(colon + 1));
    } catch {
      return null;
    }
  }
  return clientId === EMULATOR_CLIENT_ID && clientSecret === EMULATOR_CLIENT_SECRET ? clientId : null;
}

function tokenResponse(state: PlatformState, issued: IssuedTokens) {
  const body: RESTPostOAuth2AccessTokenResult & { guild?: unknown } = {
    access_token: issued.accessToken,
    token_type: "Bearer",
    expires_in: issued.expiresIn,
    refresh_token: issued.refreshToken,
    scope: issued.grant.scopes.join(" "),
  };
  // Like Discord, the bot flow's code exchange also describes the guild joined.
  const guild = issued.grant.guildId ? state.guild(issued.grant.guildId) : undefined;
  if (guild) body.guild = fullGuild(guild, false);
  return { status: 200, body, headers: { "Cache-Control": "no-store", Pragma: "no-cache" } };
}

export function handleToken(state: PlatformState, authorization: string | undefined, form: URLSearchParams): ApiResponse {
  const clientId = authenticateClient(authorization, form);
  if (!clientId) return oauthError(401, "invalid_client");
  const now = state.now();
  switch (form.get("grant_type")) {
    case "authorization_code": {
      const code = form.get("code");
      if (!code) return invalidGrant("code");
      const redeemed = state.tokens.redeemCode(code, clientId, form.get("redirect_uri") ?? undefined, now);
      if (!redeemed.ok) return invalidGrant(redeemed.reason);
      return tokenResponse(state, state.tokens.issue(redeemed.grant, state.accessTokenTtlSeconds, now));
    }
    case "refresh_token": {
      const refreshToken = form.get("refresh_token");
      const issued = refreshToken ? state.tokens.rotate(refreshToken, clientId, state.accessTokenTtlSeconds, now) : null;
      return issued ? tokenResponse(state, issued) : invalidGrant("refresh_token");
    }
    case null:
      return oauthError(400, "unsupported_grant_type", 'Missing "grant_type" in request.');
    default:
      return oauthError(400, "unsupported_grant_type", 'Unsupported "grant_type" in request.');
  }
}

export function handleRevoke(state: PlatformState, authorization: string | undefined, form: URLSearchParams): ApiResponse {
  const clientId = authenticateClient(authorization, form);
  if (!clientId) return oauthError(401, "invalid_client");
  const token = form.get("token");
  if (!token) return oauthError(400, "invalid_request", 'Missing "token" in request.');
  state.tokens.revoke(token, clientId);
  // RFC 7009: unknown tokens are not an error.
  return { status: 200, body: {} };
}
