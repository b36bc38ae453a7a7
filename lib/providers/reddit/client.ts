import "server-only";
import { getEnv } from "@/lib/env";
import { withAppToken, type ClientCredentials } from "../app-token";
import { callProvider, failureOf, type ProviderAnswer, type RateBudget } from "../provider-call";

// Reddit's Data API with an app-only token (client credentials, sent as HTTP basic). Reddit
// throttles generic User-Agents hard, so every call names the app.

const USER_AGENT = "web:guildhall-dashboard:v1 (social alerts)";
/** Reddit's budget counts down per token; `x-ratelimit-reset` is seconds until the window ends, not an epoch. */
const REDDIT_BUDGET: RateBudget = { remaining: "x-ratelimit-remaining", reset: "x-ratelimit-reset", resetIs: "delta" };

export function redditConfigured(): boolean {
  const env = getEnv();
  return Boolean(env.REDDIT_CLIENT_ID && env.REDDIT_CLIENT_SECRET);
}

/** GET on the API origin (oauth.reddit.com). Statuses other than 401 are the adapter's to read (403 private, 404 unknown). */
export async function redditGet(path: string, query: Record<string, string> = {}): Promise<ProviderAnswer> {
  const env = getEnv();
  const url = new URL(`${env.REDDIT_API_URL.replace(/\/$/, "")}${path}`);
  // raw_json=1: text as typed, not HTML-escaped (&amp;) as Reddit's legacy default.
  for (const [key, value] of Object.entries({ ...query, raw_json: "1" })) url.searchParams.set(key, value);
  const answer = await withAppToken(credentials(), (token) =>
    callProvider("reddit", url, { headers: { Authorization: `bearer ${token}`, "User-Agent": USER_AGENT } }, { budget: REDDIT_BUDGET }),
  );
  if (answer.status === 401) throw failureOf("reddit", answer);
  return answer;
}

function credentials(): ClientCredentials {
  const env = getEnv();
  return {
    provider: "reddit",
    tokenUrl: `${env.REDDIT_AUTH_URL.replace(/\/$/, "")}/api/v1/access_token`,
    clientId: env.REDDIT_CLIENT_ID ?? "",
    clientSecret: env.REDDIT_CLIENT_SECRET ?? "",
    auth: "basic",
    headers: { "User-Agent": USER_AGENT },
  };
}
