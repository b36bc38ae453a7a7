import "server-only";
import type { z } from "zod";
import { getEnv } from "@/lib/env";
import { ProviderError } from "../errors";
import { rateLimited } from "../pauses";
import { callProvider, failureOf, parsed, retryAfterSeconds, type ProviderAnswer } from "../provider-call";
import { googleErrorAnswer } from "./schemas";

// Calls to the YouTube Data API v3 with the server's API key. Google names the cause in the
// error body: a spent daily quota is a 403 `quotaExceeded` (rate_limited: it comes back
// tomorrow), calls too fast a 403 `rateLimitExceeded` (rate_limited for a moment), a wrong key
// a 400 `keyInvalid` / API_KEY_INVALID (not_configured).

const QUOTA_REASONS = new Set(["quotaExceeded", "dailyLimitExceeded"]);
const RATE_REASONS = new Set(["rateLimitExceeded", "userRateLimitExceeded"]);
/** Calling too fast passes within the minute. */
const RATE_RETRY_SECONDS = 30;
const KEY_REASONS = new Set(["keyInvalid", "keyExpired", "API_KEY_INVALID", "API_KEY_EXPIRED", "accessNotConfigured", "forbidden"]);
/** A spent quota refills at midnight Pacific time; an hour is a fair wait to suggest. */
const QUOTA_RETRY_SECONDS = 3600;

export async function youtubeGet<S extends z.ZodType>(resource: string, params: Record<string, string>, schema: S): Promise<z.output<S>> {
  const answer = await call(resource, params);
  if (!answer.ok) throw failure(answer);
  return parsed("youtube", schema, answer);
}

/** The same, null when Google answers 404 (a playlist that does not exist). */
export async function youtubeGetIfFound<S extends z.ZodType>(resource: string, params: Record<string, string>, schema: S): Promise<z.output<S> | null> {
  const answer = await call(resource, params);
  if (answer.status === 404) return null;
  if (!answer.ok) throw failure(answer);
  return parsed("youtube", schema, answer);
}

async function call(resource: string, params: Record<string, string>): Promise<ProviderAnswer> {
  const env = getEnv();
  if (!env.YOUTUBE_API_KEY) throw new ProviderError("youtube", "not_configured", "YOUTUBE_API_KEY is not set");
  const url = new URL(`${env.YOUTUBE_API_URL}/${resource}`);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  url.searchParams.set("key", env.YOUTUBE_API_KEY);
  return callProvider("youtube", url, { headers: { Accept: "application/json" } });
}

/** The reasons Google gave, when the body is its error JSON. */
function reasonsOf(answer: ProviderAnswer): string[] {
  const error = googleErrorAnswer.safeParse(answer.body);
  if (!error.success) return [];
  return [...error.data.error.errors.map((item) => item.reason), ...(error.data.error.details ?? []).flatMap((item) => (item.reason ? [item.reason] : []))];
}

function failure(answer: ProviderAnswer): ProviderError {
  const reasons = reasonsOf(answer);
  // Every call before then would be refused too, and Google counts them: pause.
  if (reasons.some((reason) => QUOTA_REASONS.has(reason))) return rateLimited("youtube", retryAfterSeconds(answer.headers) ?? QUOTA_RETRY_SECONDS, "YouTube quota spent");
  if (reasons.some((reason) => RATE_REASONS.has(reason))) return rateLimited("youtube", retryAfterSeconds(answer.headers) ?? RATE_RETRY_SECONDS, "YouTube asks us to slow down");
  if (reasons.some((reason) => KEY_REASONS.has(reason))) return new ProviderError("youtube", "not_configured", `YouTube refused the API key (${reasons.join(", ")})`);
  return failureOf("youtube", answer);
}
