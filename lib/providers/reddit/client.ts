import "server-only";
import { getEnv } from "@/lib/env";
import { appToken, credentialsKey, forgetAppToken } from "../app-tokens";
import { ProviderError } from "../errors";
import { callProvider, commonFailure, parsed, type ProviderAnswer } from "../json-call";
import { pauseProvider } from "../pauses";
import { redditToken } from "./schemas";

// Reddit's Data API with an app-only token (client credentials). Reddit throttles generic
// User-Agents hard, so every call names the app. Its budget headers count down per token:
// when none is left we wait for the reset instead of collecting 429s.

const USER_AGENT = "web:guildhall-dashboard:v1 (social alerts)";

export function redditConfigured(): boolean {
  const env = getEnv();
  return Boolean(env.REDDIT_CLIENT_ID && env.REDDIT_CLIENT_SECRET);
}

/** GET on the API origin (oauth.reddit.com); 401 once means the token expired: ask for a new one and retry. */
export async function redditGet(path: string, query: Record<string, string> = {}): Promise<ProviderAnswer> {
  const env = getEnv();
  const url = new URL(`${env.REDDIT_API_URL.replace(/\/$/, "")}${path}`);
  // raw_json=1: text as typed, not HTML-escaped (&amp;) as Reddit's legacy default.
  for (const [key, value] of Object.entries({ ...query, raw_json: "1" })) url.searchParams.set(key, value);
  for (let attempt = 0; ; attempt += 1) {
    const answer = await callProvider("reddit", url, { headers: { Authorization: `bearer ${await token()}`, "User-Agent": USER_AGENT } });
    const reset = resetSeconds(answer.headers);
    if (reset !== undefined && Number(answer.headers.get("x-ratelimit-remaining")) < 1) pauseProvider("reddit", reset);
    if (answer.status === 401 && attempt === 0) {
      forgetAppToken(tokenKey());
      continue;
    }
    const failure = commonFailure("reddit", answer, reset);
    if (failure) throw failure;
    return answer;
  }
}

function tokenKey(): string {
  const env = getEnv();
  return credentialsKey("reddit", env.REDDIT_AUTH_URL, env.REDDIT_CLIENT_ID, env.REDDIT_CLIENT_SECRET);
}

function token(): Promise<string> {
  const env = getEnv();
  return appToken(tokenKey(), async () => {
    const basic = Buffer.from(`${env.REDDIT_CLIENT_ID}:${env.REDDIT_CLIENT_SECRET}`).toString("base64");
    const answer = await callProvider("reddit", `${env.REDDIT_AUTH_URL.replace(/\/$/, "")}/api/v1/access_token`, {
      method: "POST",
      headers: { Authorization: `Basic ${basic}`, "User-Agent": USER_AGENT, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "client_credentials" }).toString(),
    });
    const failure = commonFailure("reddit", answer);
    if (failure) throw failure;
    // Reddit answers a refused grant with 200 { error }: still our credentials.
    if (answer.status !== 200 || (typeof answer.body === "object" && answer.body !== null && "error" in answer.body)) {
      throw new ProviderError("reddit", "not_configured", `reddit refused the app token (${answer.status})`);
    }
    const { access_token: value, expires_in: expiresIn } = parsed("reddit", redditToken, answer);
    return { token: value, expiresIn };
  });
}

/** x-ratelimit-reset: seconds until Reddit's window ends. */
function resetSeconds(headers: Headers): number | undefined {
  const value = Number(headers.get("x-ratelimit-reset") ?? Number.NaN);
  return Number.isFinite(value) && value >= 0 ? Math.max(1, Math.ceil(value)) : undefined;
}
