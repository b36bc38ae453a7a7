import "server-only";
import { getEnv } from "@/lib/env";
import { appToken, credentialsKey, forgetAppToken } from "../app-tokens";
import { ProviderError } from "../errors";
import { callProvider, commonFailure, parsed, type ProviderAnswer } from "../json-call";
import { tiktokToken } from "./schemas";

// TikTok's Research API with a client access token (client credentials at /v2/oauth/token/).
// A 401 access_token_invalid once means the token expired: ask for a new one and retry.

export function tiktokConfigured(): boolean {
  const env = getEnv();
  return Boolean(env.TIKTOK_CLIENT_KEY && env.TIKTOK_CLIENT_SECRET);
}

/** POST a JSON body to a Research API path with `fields` in the query. */
export async function tiktokPost(path: string, fields: string, body: unknown): Promise<ProviderAnswer> {
  const url = new URL(`${origin()}${path}`);
  url.searchParams.set("fields", fields);
  for (let attempt = 0; ; attempt += 1) {
    const answer = await callProvider("tiktok", url, {
      method: "POST",
      headers: { Authorization: `Bearer ${await token()}`, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    if (answer.status === 401 && attempt === 0) {
      forgetAppToken(tokenKey());
      continue;
    }
    const failure = commonFailure("tiktok", answer);
    if (failure) throw failure;
    // 403 scope_permission_missed: the app was not granted the Research API.
    if (answer.status === 403) throw new ProviderError("tiktok", "not_configured", "tiktok refused this app the Research API (403)");
    return answer;
  }
}

function origin(): string {
  return getEnv().TIKTOK_API_URL.replace(/\/$/, "");
}

function tokenKey(): string {
  const env = getEnv();
  return credentialsKey("tiktok", env.TIKTOK_API_URL, env.TIKTOK_CLIENT_KEY, env.TIKTOK_CLIENT_SECRET);
}

function token(): Promise<string> {
  const env = getEnv();
  return appToken(tokenKey(), async () => {
    const answer = await callProvider("tiktok", `${origin()}/v2/oauth/token/`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Cache-Control": "no-cache" },
      body: new URLSearchParams({ client_key: env.TIKTOK_CLIENT_KEY ?? "", client_secret: env.TIKTOK_CLIENT_SECRET ?? "", grant_type: "client_credentials" }).toString(),
    });
    const failure = commonFailure("tiktok", answer);
    if (failure) throw failure;
    // A refused client is { error: "invalid_client", error_description, log_id }.
    if (answer.status !== 200 || (typeof answer.body === "object" && answer.body !== null && "error" in answer.body)) {
      throw new ProviderError("tiktok", "not_configured", `tiktok refused the client token (${answer.status})`);
    }
    const { access_token: value, expires_in: expiresIn } = parsed("tiktok", tiktokToken, answer);
    return { token: value, expiresIn };
  });
}
