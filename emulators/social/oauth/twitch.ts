import type { FakeRequest } from "../fakes";
import { FAKE_ACCOUNTS, FAKE_CLIENT } from "./accounts";
import { handleAuthorize } from "./authorize";
import { replyJson } from "../reply";
import { issueToken, redeemCode, tokenClient } from "./grants";

// id.twitch.tv's authorization code grant flow and Helix GET /users with a user token, below
// /oauth/twitch: /oauth2/authorize, /oauth2/token, /helix/users. Errors are Twitch's
// `{ status, message }`.

const account = FAKE_ACCOUNTS.twitch;

export function handleTwitch(request: FakeRequest, path: string): boolean {
  const { req, res, body } = request;
  if (path === "oauth2/authorize") {
    return handleAuthorize(request, {
      provider: "twitch",
      clientParam: "client_id",
      pkce: false,
      scopeSeparator: " ",
      grantedScopes: "",
      page: { provider: "Twitch", color: "#9146ff", account: { name: account.display_name, handle: account.login, avatar: account.profile_image_url } },
    });
  }
  if (path === "oauth2/token" && req.method === "POST") {
    const form = new URLSearchParams(body);
    if (form.get("client_id") !== FAKE_CLIENT.id) return replyJson(res, 400, { status: 400, message: "invalid client" });
    if (form.get("client_secret") !== FAKE_CLIENT.secret) return replyJson(res, 403, { status: 403, message: "invalid client secret" });
    if (form.get("grant_type") !== "authorization_code") return replyJson(res, 400, { status: 400, message: "Invalid grant type" });
    if (!redeemCode(form.get("code") ?? "", { provider: "twitch", clientId: FAKE_CLIENT.id, redirectUri: form.get("redirect_uri") ?? "" })) {
      return replyJson(res, 400, { status: 400, message: "Invalid authorization code" });
    }
    return replyJson(res, 200, { access_token: issueToken("twitch", FAKE_CLIENT.id), expires_in: 14_124, refresh_token: issueToken("twitch", FAKE_CLIENT.id), scope: [], token_type: "bearer" });
  }
  if (path === "helix/users" && req.method === "GET") {
    const client = tokenClient(req, "twitch");
    if (!client) return replyJson(res, 401, { error: "Unauthorized", status: 401, message: "Invalid OAuth token" });
    if (req.headers["client-id"] !== client) return replyJson(res, 401, { error: "Unauthorized", status: 401, message: "Client ID and OAuth token do not match" });
    const user = { ...account, type: "", broadcaster_type: "affiliate", description: "Live coding, mostly compilers.", offline_image_url: "", view_count: 0, created_at: "2016-12-14T20:32:28Z" };
    return replyJson(res, 200, { data: [user] });
  }
  return false;
}
