import "server-only";
import { getEnv } from "@/lib/env";
import { withAppToken, type ClientCredentials } from "../app-token";
import { ProviderError } from "../errors";
import { callProvider, failureOf, type ProviderAnswer } from "../provider-call";

// TikTok's Research API with a client access token (client credentials at /v2/oauth/token/).

export function tiktokConfigured(): boolean {
  const env = getEnv();
  return Boolean(env.TIKTOK_CLIENT_KEY && env.TIKTOK_CLIENT_SECRET);
}

/** POST a JSON body to a Research API path with `fields` in the query. */
export async function tiktokPost(path: string, fields: string, body: unknown): Promise<ProviderAnswer> {
  const url = new URL(`${origin()}${path}`);
  url.searchParams.set("fields", fields);
  const answer = await withAppToken(credentials(), (token) =>
    callProvider("tiktok", url, { method: "POST", headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" }, body: JSON.stringify(body) }),
  );
  if (answer.status === 401) throw failureOf("tiktok", answer);
  // 403 scope_permission_missed: the app was not granted the Research API.
  if (answer.status === 403) throw new ProviderError("tiktok", "not_configured", "tiktok refused this app the Research API (403)");
  return answer;
}

function origin(): string {
  return getEnv().TIKTOK_API_URL.replace(/\/$/, "");
}

function credentials(): ClientCredentials {
  const env = getEnv();
  return {
    provider: "tiktok",
    tokenUrl: `${origin()}/v2/oauth/token/`,
    clientId: env.TIKTOK_CLIENT_KEY ?? "",
    clientSecret: env.TIKTOK_CLIENT_SECRET ?? "",
    idField: "client_key",
    headers: { "Cache-Control": "no-cache" },
  };
}
