import "server-only";
import type { z } from "zod";
import { ProviderError } from "./errors";
import { pauseProvider, throwIfPaused } from "./pauses";
import type { ProviderId } from "./types";

// One provider HTTP call as the posting providers (Reddit, X, TikTok, Instagram) make it: at most
// 10 s, network failures and timeouts as "unavailable", the body read as JSON, and the failures
// every provider signals alike. Provider origins come from lib/env.ts, never from a user, so this
// is a plain fetch; URLs typed by users go through the guarded fetch instead.

const TIMEOUT_MS = 10_000;
/** How long we hold off after a 429 that does not say how long. */
const DEFAULT_WAIT_SECONDS = 30;

export type ProviderAnswer = {
  status: number;
  headers: Headers;
  /** The parsed JSON; undefined when the body was not JSON. */
  body: unknown;
};

export async function callProvider(provider: ProviderId, url: URL | string, init: RequestInit = {}): Promise<ProviderAnswer> {
  throwIfPaused(provider);
  try {
    // Provider APIs answer in place; a redirect is read as an answer (Reddit redirects unknown names).
    const response = await fetch(url, { ...init, redirect: "manual", signal: AbortSignal.timeout(TIMEOUT_MS) });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: parseJson(text) };
  } catch (error) {
    const reason = error instanceof Error && error.name === "TimeoutError" ? "timed out" : "could not be reached";
    throw new ProviderError(provider, "unavailable", `${provider} ${reason}`);
  }
}

/**
 * The failure of an answer every provider gives alike, or null when the status is the
 * adapter's to read. 401 means the provider refused our credentials: that is "not_configured"
 * (the operator must fix the key; asking again will not help), not a passing outage.
 */
export function commonFailure(provider: ProviderId, answer: ProviderAnswer, waitSeconds?: number): ProviderError | null {
  if (answer.status === 429) {
    const wait = waitSeconds ?? retryAfterSeconds(answer.headers) ?? DEFAULT_WAIT_SECONDS;
    pauseProvider(provider, wait);
    return new ProviderError(provider, "rate_limited", `${provider} answered 429`, wait);
  }
  if (answer.status >= 500) return new ProviderError(provider, "unavailable", `${provider} answered ${answer.status}`);
  if (answer.status === 401) return new ProviderError(provider, "not_configured", `${provider} refused our credentials`);
  return null;
}

/** The answer's body as `schema` says, else "bad_answer" (never a crash on a changed API). */
export function parsed<S extends z.ZodType>(provider: ProviderId, schema: S, answer: ProviderAnswer): z.output<S> {
  const result = schema.safeParse(answer.body);
  if (!result.success) throw new ProviderError(provider, "bad_answer", `${provider} answered ${answer.status} in an unexpected shape`);
  return result.data;
}

/** Retry-After as seconds (a number of seconds or an HTTP date), when present. */
export function retryAfterSeconds(headers: Headers): number | undefined {
  const value = headers.get("retry-after");
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(1, Math.ceil(seconds));
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(1, Math.ceil((date - Date.now()) / 1000));
}

function parseJson(text: string): unknown {
  try {
    // An int64 id sent as a JSON number (TikTok's video ids) would lose digits as a JavaScript number: read it as text.
    return JSON.parse(text.replace(/("id"\s*:\s*)(-?\d{16,})(?=\s*[,}])/g, '$1"$2"')) as unknown;
  } catch {
    return undefined;
  }
}
