import "server-only";
import { getEnv } from "@/lib/env";
import { ProviderError } from "../errors";
import { callProvider, failureOf, type ProviderAnswer, type RateBudget } from "../provider-call";

// X API v2 with the app's bearer token (app-only: public data).

/** Every answer carries the endpoint's budget; `x-rate-limit-reset` is the epoch second it refills. */
const X_BUDGET: RateBudget = { remaining: "x-rate-limit-remaining", reset: "x-rate-limit-reset", resetIs: "epoch" };

export function twitterConfigured(): boolean {
  return Boolean(getEnv().TWITTER_BEARER_TOKEN);
}

export async function twitterGet(path: string, query: Record<string, string>): Promise<ProviderAnswer> {
  const env = getEnv();
  const url = new URL(`${env.TWITTER_API_URL.replace(/\/$/, "")}${path}`);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  const answer = await callProvider("twitter", url, { headers: { Authorization: `Bearer ${env.TWITTER_BEARER_TOKEN}` } }, { budget: X_BUDGET });
  if (answer.status === 401) throw failureOf("twitter", answer);
  // 403 "client-not-enrolled": the app's access tier does not include this endpoint.
  if (answer.status === 403) throw new ProviderError("twitter", "not_configured", "twitter refused this app the endpoint (403)");
  return answer;
}
