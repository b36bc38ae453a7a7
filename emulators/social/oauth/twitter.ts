import type { FakeRequest } from "../fakes";
import { FAKE_ACCOUNTS, FAKE_CLIENT } from "./accounts";
import { handleAuthorize } from "./authorize";
import { replyJson } from "../reply";
import { issueToken, redeemCode, tokenClient } from "./grants";

// X's OAuth 2.0 with PKCE below /oauth/twitter: /i/oauth2/authorize (the consent page),
// /2/oauth2/token (confidential client: HTTP basic auth) and /2/users/me.

const account = FAKE_ACCOUNTS.twitter;

function basicClient(header: string | undefined): { id: string; secret: string } | null {
  const match = /^Basic (.+)$/i.exec(header ?? "");
  if (!match) return null;
  const [id = "", secret = ""] = Buffer.from(match[1]!, "base64").toString("utf8").split(":").map(decodeURIComponent);
  return { id, secret };
}

export function handleTwitter(request: FakeRequest, path: string): boolean {
  const { req, res, body, url } = request;
  if (path === "i/oauth2/authorize") {
    return handleAuthorize(request, {
      provider: "twitter",
      clientParam: "client_id",
      pkce: true,
      scopeSeparator: " ",
      page: { provider: "X", color: "#0f1419", account: { name: account.name, handle: account.username, avatar: account.profile_image_url } },
    });
  }
  if (path === "2/oauth2/token" && req.method === "POST") {
    const client = basicClient(req.headers.authorization);
    if (!client || client.id !== FAKE_CLIENT.id || client.secret !== FAKE_CLIENT.secret) {
      return replyJson(res, 401, { error: "unauthorized_client", error_description: "Missing valid authorization header" });
    }
    const form = new URLSearchParams(body);
    if (form.get("grant_type") !== "authorization_code") return replyJson(res, 400, { error: "invalid_request", error_description: "Value passed for the grant type was invalid." });
    const redeemed = redeemCode(form.get("code") ?? "", { provider: "twitter", clientId: client.id, redirectUri: form.get("redirect_uri") ?? "", verifier: form.get("code_verifier") ?? undefined });
    if (!redeemed) return replyJson(res, 400, { error: "invalid_request", error_description: "Value passed for the authorization code was invalid." });
    return replyJson(res, 200, { token_type: "bearer", expires_in: 7200, access_token: issueToken("twitter", client.id), scope: "users.read tweet.read" });
  }
  if (path === "2/users/me" && req.method === "GET") {
    if (!tokenClient(req, "twitter")) return replyJson(res, 401, { title: "Unauthorized", type: "about:blank", status: 401, detail: "Unauthorized" });
    const fields = (url.searchParams.get("user.fields") ?? "").split(",");
    const { profile_image_url: image, ...basic } = account;
    return replyJson(res, 200, { data: fields.includes("profile_image_url") ? { ...basic, profile_image_url: image } : basic });
  }
  return false;
}
