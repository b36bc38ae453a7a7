import { randomBytes } from "node:crypto";
import type { FakeRequest } from "../fakes";
import { FAKE_ACCOUNTS, FAKE_CLIENT } from "./accounts";
import { handleAuthorize } from "./authorize";
import { replyJson } from "../reply";
import { issueToken, redeemCode, tokenClient } from "./grants";

// TikTok Login Kit v2 for the web below /oauth/tiktok: /v2/auth/authorize/ (the consent page),
// /v2/oauth/token/ (client_key + client_secret in the form) and /v2/user/info/?fields=.
// OAuth errors are `{ error, error_description, log_id }`; API errors `{ data, error: { code, message, log_id } }`.

const account = FAKE_ACCOUNTS.tiktok;
const logId = () => randomBytes(12).toString("hex").toUpperCase();

export function handleTiktok(request: FakeRequest, path: string): boolean {
  const { req, res, body, url } = request;
  if (path === "v2/auth/authorize") {
    return handleAuthorize(request, {
      provider: "tiktok",
      clientParam: "client_key",
      pkce: false,
      scopeSeparator: ",",
      grantedScopes: "",
      page: { provider: "TikTok", color: "#fe2c55", account: { name: account.display_name, handle: account.username, avatar: account.avatar_url } },
    });
  }
  if (path === "v2/oauth/token" && req.method === "POST") {
    const form = new URLSearchParams(body);
    if (form.get("client_key") !== FAKE_CLIENT.id || form.get("client_secret") !== FAKE_CLIENT.secret) {
      return replyJson(res, 401, { error: "invalid_client", error_description: "Client key or secret is incorrect.", log_id: logId() });
    }
    if (form.get("grant_type") !== "authorization_code") return replyJson(res, 400, { error: "unsupported_grant_type", error_description: "Grant type is not supported.", log_id: logId() });
    if (!redeemCode(form.get("code") ?? "", { provider: "tiktok", clientId: FAKE_CLIENT.id, redirectUri: form.get("redirect_uri") ?? "" })) {
      return replyJson(res, 400, { error: "invalid_grant", error_description: "Authorization code is expired.", log_id: logId() });
    }
    return replyJson(res, 200, {
      access_token: issueToken("tiktok", FAKE_CLIENT.id, "act."),
      expires_in: 86_400,
      open_id: account.open_id,
      refresh_expires_in: 31_536_000,
      refresh_token: issueToken("tiktok", FAKE_CLIENT.id, "rft."),
      scope: "user.info.basic,user.info.profile",
      token_type: "Bearer",
    });
  }
  if (path === "v2/user/info" && req.method === "GET") {
    if (!tokenClient(req, "tiktok")) return replyJson(res, 401, { data: {}, error: { code: "access_token_invalid", message: "The access token is invalid or not found in the request.", log_id: logId() } });
    const fields = (url.searchParams.get("fields") ?? "").split(",");
    const user = Object.fromEntries(Object.entries(account).filter(([key]) => fields.includes(key)));
    return replyJson(res, 200, { data: { user }, error: { code: "ok", message: "", log_id: logId() } });
  }
  return false;
}
