import "server-only";
import { getEnv } from "@/lib/env";
import { ProviderError } from "../errors";
import { callProvider, commonFailure, type ProviderAnswer } from "../json-call";
import { pauseProvider } from "../pauses";

// X API v2 with the app's bearer token (app-only: public data). Every answer carries the
// endpoint's budget (x-rate-limit-remaining, x-rate-limit-reset in epoch seconds): when it is
// spent we wait for the reset rather than collecting 429s.

export function twitterConfigured(): boolean {
  return Boolean(getEnv().TWITTER_BEARER_TOKEN);
}

export async function twitterGet(path: string, query: Record<string, string>): Promise<ProviderAnswer> {
  const env = getEnv();
  const url = new URL(`${env.TWITTER_API_URL.replace(/\/$/, "")}${path}`);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  const answer = await callProvider("twitter", url, { headers: { Authorization: `Bearer ${env.TWITTER_BEARER_TOKEN}` } });
  const reset = resetSeconds(answer.headers);
  if (reset !== undefined && answer.headers.get("x-rate-limit-remaining") === "0") pauseProvider("twitter", reset);
  // A 429 waits as Retry-After says when present, else until the window's reset.
  const failure = commonFailure("twitter", answer, answer.headers.has("retry-after") ? undefined : reset);
  if (failure) throw failure;
  // 403 "client-not-enrolled": the app's access tier does not include this endpoint.
  if (answer.status === 403) throw new ProviderError("twitter", "not_configured", "twitter refused this app the endpoint (403)");
  return answer;
}

function resetSeconds(headers: Headers): number | undefined {
  const epoch = Number(headers.get("x-rate-limit-reset") ?? Number.NaN);
  return Number.isFinite(epoch) ? Math.max(1, Math.ceil(epoch - Date.now() / 1000)) : undefined;
}
