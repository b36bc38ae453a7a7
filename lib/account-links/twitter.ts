import "server-only";
import { z } from "zod";
import { getEnv } from "@/lib/env";
import { inputText } from "@/lib/validation/text";
import type { LinkAdapter } from "./adapter";
import { form, oauthCall, origin, withQuery, type Refusal } from "./oauth-http";

// X's OAuth 2.0 authorization code flow with PKCE (S256), as a confidential client: the token
// call authenticates with HTTP basic auth, then GET /2/users/me reads the account.

const SCOPES = "users.read tweet.read";

const tokenAnswer = z.object({ access_token: inputText().min(1), token_type: inputText() });
const meAnswer = z.object({
  data: z.object({ id: inputText().min(1), username: inputText().min(1), name: inputText(), profile_image_url: inputText().optional() }),
});

function endpoints() {
  const env = getEnv();
  const own = env.TWITTER_OAUTH_URL && origin(env.TWITTER_OAUTH_URL);
  const api = own ?? origin(env.TWITTER_API_URL);
  return { authorize: `${own ?? origin(env.TWITTER_AUTH_URL)}/i/oauth2/authorize`, token: `${api}/2/oauth2/token`, me: `${api}/2/users/me` };
}

/** X answers `{ error, error_description }`: invalid_request for a bad code or verifier, unauthorized_client for our credentials. */
function refusal(status: number, body: unknown): Refusal {
  const error = String((body as { error?: unknown })?.error ?? "");
  if (status === 401 || error === "unauthorized_client" || error === "invalid_client") return "client";
  return status === 400 ? "code" : null;
}

export const twitterLinks: LinkAdapter = {
  provider: "twitter",
  configured: () => Boolean(getEnv().TWITTER_CLIENT_ID && getEnv().TWITTER_CLIENT_SECRET),
  authorizeUrl({ state, codeChallenge, redirectUri }) {
    return withQuery(endpoints().authorize, {
      response_type: "code",
      client_id: getEnv().TWITTER_CLIENT_ID!,
      redirect_uri: redirectUri,
      scope: SCOPES,
      state,
      code_challenge: codeChallenge,
      code_challenge_method: "S256",
    });
  },
  async exchange({ code, codeVerifier, redirectUri }) {
    const env = getEnv();
    const { token, me } = endpoints();
    const basic = Buffer.from(`${encodeURIComponent(env.TWITTER_CLIENT_ID!)}:${encodeURIComponent(env.TWITTER_CLIENT_SECRET!)}`).toString("base64");
    const request = form({ code, grant_type: "authorization_code", redirect_uri: redirectUri, code_verifier: codeVerifier });
    const grant = await oauthCall({
      provider: "twitter",
      url: token,
      init: { ...request, headers: { ...(request.headers as Record<string, string>), Authorization: `Basic ${basic}` } },
      schema: tokenAnswer,
      refusal,
    });
    const { data } = await oauthCall({
      provider: "twitter",
      url: withQuery(me, { "user.fields": "profile_image_url" }),
      init: { headers: { Authorization: `Bearer ${grant.access_token}` } },
      schema: meAnswer,
    });
    return { id: data.id, name: data.username, display_name: data.name || data.username, avatar_url: data.profile_image_url || null };
  },
};
