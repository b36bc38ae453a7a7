import "server-only";
import { z } from "zod";
import { getEnv } from "@/lib/env";
import { inputText } from "@/lib/validation/text";
import type { LinkAdapter } from "./adapter";
import { form, oauthCall, origin, withQuery, type Refusal } from "./oauth-http";

// TikTok Login Kit for the web (v2): the authorize page at www.tiktok.com/v2/auth/authorize/,
// the token at open.tiktokapis.com/v2/oauth/token/ (client_key + client_secret in the form; PKCE
// is for mobile and desktop apps only), then GET /v2/user/info/ with the fields asked for.
// The account id is the user's `open_id` (stable per app).

const SCOPES = "user.info.basic,user.info.profile";
const FIELDS = "open_id,union_id,avatar_url,display_name,username";

const tokenAnswer = z.object({ access_token: inputText().min(1), open_id: inputText().min(1) });
const infoAnswer = z.object({
  data: z.object({ user: z.object({ open_id: inputText().min(1), display_name: inputText(), avatar_url: inputText().optional(), username: inputText().optional() }) }),
  error: z.object({ code: z.literal("ok") }),
});

function endpoints() {
  const env = getEnv();
  const own = env.TIKTOK_OAUTH_URL && origin(env.TIKTOK_OAUTH_URL);
  const api = own ?? origin(env.TIKTOK_API_URL);
  return { authorize: `${own ?? origin(env.TIKTOK_AUTH_URL)}/v2/auth/authorize/`, token: `${api}/v2/oauth/token/`, info: `${api}/v2/user/info/` };
}

/** TikTok's OAuth errors are `{ error, error_description, log_id }`, sometimes with status 200. */
function refusal(status: number, body: unknown): Refusal {
  const error = String((body as { error?: unknown })?.error ?? "");
  if (error === "invalid_client" || error === "unauthorized_client") return "client";
  if (error === "invalid_grant" || error === "invalid_request" || error === "access_denied") return "code";
  return status >= 400 && status < 500 ? "code" : null;
}

export const tiktokLinks: LinkAdapter = {
  provider: "tiktok",
  configured: () => Boolean(getEnv().TIKTOK_CLIENT_KEY && getEnv().TIKTOK_CLIENT_SECRET),
  authorizeUrl({ state, redirectUri }) {
    return withQuery(endpoints().authorize, { client_key: getEnv().TIKTOK_CLIENT_KEY!, scope: SCOPES, response_type: "code", redirect_uri: redirectUri, state });
  },
  async exchange({ code, redirectUri }) {
    const env = getEnv();
    const { token, info } = endpoints();
    const grant = await oauthCall({
      provider: "tiktok",
      url: token,
      init: form({ client_key: env.TIKTOK_CLIENT_KEY!, client_secret: env.TIKTOK_CLIENT_SECRET!, code, grant_type: "authorization_code", redirect_uri: redirectUri }),
      schema: tokenAnswer,
      refusal,
    });
    const { data } = await oauthCall({
      provider: "tiktok",
      url: withQuery(info, { fields: FIELDS }),
      init: { headers: { Authorization: `Bearer ${grant.access_token}` } },
      schema: infoAnswer,
    });
    const user = data.user;
    return { id: user.open_id, name: user.username || user.display_name, display_name: user.display_name || user.username || user.open_id, avatar_url: user.avatar_url || null };
  },
};
