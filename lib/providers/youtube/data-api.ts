import "server-only";
import type { z } from "zod";
import { getEnv } from "@/lib/env";
import { ProviderError } from "../errors";
import { failureOf, providerFetch, readJson, retryAfterSeconds } from "../provider-fetch";
import { googleErrorAnswer } from "./schemas";

// Calls to the YouTube Data API v3 with the server's API key. Google names the cause in the
// error body: a spent daily quota is a 403 `quotaExceeded` (rate_limited: it comes back
// tomorrow), a wrong key a 400 `keyInvalid` / API_KEY_INVALID (not_configured).

const QUOTA_REASONS = new Set(["quotaExceeded", "dailyLimitExceeded", "rateLimitExceeded", "userRateLimitExceeded"]);
const KEY_REASONS = new Set(["keyInvalid", "keyExpired", "API_KEY_INVALID", "API_KEY_EXPIRED", "accessNotConfigured", "forbidden"]);
/** A spent quota refills at midnight Pacific time; an hour is a fair wait to suggest. */
const QUOTA_RETRY_SECONDS = 3600;

export async function youtubeGet<S extends z.ZodType>(resource: string, params: Record<string, string>, schema: S): Promise<z.output<S>> {
  const response = await call(resource, params);
  if (!response.ok) throw await failure(response);
  return readJson("youtube", response, schema);
}

/** The same, null when Google answers 404 (a playlist that does not exist). */
export async function youtubeGetIfFound<S extends z.ZodType>(resource: string, params: Record<string, string>, schema: S): Promise<z.output<S> | null> {
  const response = await call(resource, params);
  if (response.status === 404) return null;
  if (!response.ok) throw await failure(response);
  return readJson("youtube", response, schema);
}

async function call(resource: string, params: Record<string, string>): Promise<Response> {
  const env = getEnv();
  if (!env.YOUTUBE_API_KEY) throw new ProviderError("youtube", "not_configured", "YOUTUBE_API_KEY is not set");
  const url = new URL(`${env.YOUTUBE_API_URL}/${resource}`);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  url.searchParams.set("key", env.YOUTUBE_API_KEY);
  return providerFetch("youtube", url, { headers: { Accept: "application/json" } });
}

/** The reasons Google gave, when the body is its error JSON. */
async function reasonsOf(response: Response): Promise<string[]> {
  const parsed = googleErrorAnswer.safeParse(await response.json().catch(() => null));
  if (!parsed.success) return [];
  return [...parsed.data.error.errors.map((item) => item.reason), ...(parsed.data.error.details ?? []).flatMap((item) => (item.reason ? [item.reason] : []))];
}

async function failure(response: Response): Promise<ProviderError> {
  const reasons = await reasonsOf(response.clone());
  if (reasons.some((reason) => QUOTA_REASONS.has(reason))) {
    return new ProviderError("youtube", "rate_limited", "YouTube quota spent", retryAfterSeconds(response.headers) ?? QUOTA_RETRY_SECONDS);
  }
  if (reasons.some((reason) => KEY_REASONS.has(reason))) return new ProviderError("youtube", "not_configured", `YouTube refused the API key (${reasons.join(", ")})`);
  return failureOf("youtube", response);
}
