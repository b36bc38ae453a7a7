import "server-only";
import { z } from "zod";
import { getEnv } from "@/lib/env";
import { inputText } from "@/lib/validation/text";
import type { LinkAdapter } from "./adapter";
import { form, oauthCall, origin, withQuery, type Refusal } from "./oauth-http";

// Twitch's authorization code grant flow (id.twitch.tv/oauth2/authorize and /token), then Helix
// GET /users with the user token. No scope: a user's own User resource needs none.

const tokenAnswer = z.object({ access_token: inputText().min(1), token_type: inputText() });
const usersAnswer = z.object({
  data: z.array(z.object({ id: inputText().min(1), login: inputText().min(1), display_name: inputText(), profile_image_url: inputText() })).min(1),
});

function endpoints() {
  const env = getEnv();
  const own = env.TWITCH_OAUTH_URL && origin(env.TWITCH_OAUTH_URL);
  const auth = own ?? origin(env.TWITCH_AUTH_URL);
  return { authorize: `${auth}/oauth2/authorize`, token: `${auth}/oauth2/token`, users: own ? `${own}/helix/users` : `${origin(env.TWITCH_API_URL)}/users` };
}

/** Twitch answers `{ status, message }`: 400 for a bad code or redirect, 403 "invalid client secret", 400 "invalid client". */
function refusal(status: number, body: unknown): Refusal {
  const message = String((body as { message?: unknown })?.message ?? "").toLowerCase();
  if (status === 403 || message.includes("client")) return "client";
  return status === 400 ? "code" : null;
}

export const twitchLinks: LinkAdapter = {
  provider: "twitch",
  configured: () => Boolean(getEnv().TWITCH_CLIENT_ID && getEnv().TWITCH_CLIENT_SECRET),
  authorizeUrl({ state, redirectUri }) {
    return withQuery(endpoints().authorize, { response_type: "code", client_id: getEnv().TWITCH_CLIENT_ID!, redirect_uri: redirectUri, scope: "", state });
  },
  async exchange({ code, redirectUri }) {
    const env = getEnv();
    const { token, users } = endpoints();
    const grant = await oauthCall({
      provider: "twitch",
      url: token,
      init: form({ client_id: env.TWITCH_CLIENT_ID!, client_secret: env.TWITCH_CLIENT_SECRET!, code, grant_type: "authorization_code", redirect_uri: redirectUri }),
      schema: tokenAnswer,
      refusal,
    });
    const { data } = await oauthCall({
      provider: "twitch",
      url: users,
      init: { headers: { Authorization: `Bearer ${grant.access_token}`, "Client-Id": env.TWITCH_CLIENT_ID! } },
      schema: usersAnswer,
    });
    const user = data[0]!;
    return { id: user.id, name: user.login, display_name: user.display_name || user.login, avatar_url: user.profile_image_url || null };
  },
};
