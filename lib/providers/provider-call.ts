import "server-only";
import type { z } from "zod";
import { ProviderError } from "./errors";
import { pauseProvider, rateLimited, throwIfPaused } from "./pauses";
import type { ProviderId } from "./types";

// The one way to call a provider's fixed API origin (from lib/env.ts, never from a user; URLs
// typed by users go through the guarded fetch instead). What every provider signals alike is
// settled here, so no adapter can forget it: a pause still running, no answer within 10 s, 429
// (with the pause it asks for) and 5xx are thrown; anything else is the adapter's to read.

const TIMEOUT_MS = 10_000;
/** How long we hold off after a 429 that does not say how long. */
const DEFAULT_WAIT_SECONDS = 30;

export type ProviderAnswer = {
  status: number;
  ok: boolean;
  headers: Headers;
  /** The parsed JSON; undefined when the body was not JSON. */
  body: unknown;
};

/** A provider's budget headers: the calls left in the window, and when it refills. */
export type RateBudget = {
  remaining: string;
  reset: string;
  /** "epoch": the Unix second the window refills (Twitch, X); "delta": seconds from now (Reddit). */
  resetIs: "epoch" | "delta";
};

export type CallOptions = { budget?: RateBudget; defaultWaitSeconds?: number };

export async function callProvider(provider: ProviderId, url: URL | string, init: RequestInit = {}, options: CallOptions = {}): Promise<ProviderAnswer> {
  throwIfPaused(provider);
  let answer: ProviderAnswer;
  try {
    // A redirect is read as an answer: Reddit redirects unknown names to its search.
    const response = await fetch(url, { ...init, redirect: "manual", cache: "no-store", signal: AbortSignal.timeout(TIMEOUT_MS) });
    answer = { status: response.status, ok: response.ok, headers: response.headers, body: parseJson(await response.text()) };
  } catch (error) {
    const reason = error instanceof Error && error.name === "TimeoutError" ? "timed out" : "could not be reached";
    throw new ProviderError(provider, "unavailable", `${provider} ${reason}`);
  }
  const reset = options.budget ? resetSeconds(answer.headers, options.budget) : undefined;
  // A spent budget: wait for the reset instead of collecting 429s.
  if (options.budget && reset !== undefined && answer.headers.has(options.budget.remaining) && Number(answer.headers.get(options.budget.remaining)) < 1) {
    pauseProvider(provider, reset);
  }
  if (answer.status === 429) {
    throw rateLimited(provider, retryAfterSeconds(answer.headers) ?? reset ?? options.defaultWaitSeconds ?? DEFAULT_WAIT_SECONDS, `${provider} answered 429`);
  }
  if (answer.status >= 500) throw new ProviderError(provider, "unavailable", `${provider} answered ${answer.status}`);
  return answer;
}

/**
 * The error for an answer the adapter has no reading of its own for. 401/403 mean our
 * credentials are refused: "not_configured" (the operator must fix them; asking again will
 * not help), not a passing outage.
 */
export function failureOf(provider: ProviderId, answer: ProviderAnswer): ProviderError {
  if (answer.status === 401 || answer.status === 403) return new ProviderError(provider, "not_configured", `${provider} refused our credentials (${answer.status})`);
  return new ProviderError(provider, "unavailable", `${provider} answered ${answer.status}`);
}

/** The answer's body as `schema` says, else "bad_answer" (never a crash on a changed API). */
export function parsed<S extends z.ZodType>(provider: ProviderId, schema: S, answer: ProviderAnswer): z.output<S> {
  const result = schema.safeParse(answer.body);
  if (!result.success) {
    const what = answer.body === undefined ? "something that is not JSON" : "an unexpected shape";
    throw new ProviderError(provider, "bad_answer", `${provider} answered ${answer.status} with ${what}`);
  }
  return result.data;
}

/** Retry-After as seconds (a number of seconds or an HTTP date), when present. */
export function retryAfterSeconds(headers: Headers, now = Date.now()): number | undefined {
  const value = headers.get("retry-after");
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(1, Math.ceil(seconds));
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(1, Math.ceil((date - now) / 1000));
}

/** Seconds until the budget's window refills, when its reset header is there. */
export function resetSeconds(headers: Headers, budget: RateBudget, now = Date.now()): number | undefined {
  const text = headers.get(budget.reset);
  const value = text === null || text.trim() === "" ? Number.NaN : Number(text);
  if (!Number.isFinite(value) || value < 0) return undefined;
  return Math.max(1, Math.ceil(budget.resetIs === "epoch" ? value - now / 1000 : value));
}

function parseJson(text: string): unknown {
  try {
    // An int64 id sent as a JSON number (TikTok's video ids) would lose digits as a JavaScript number: read it as text.
    return JSON.parse(text.replace(/("id"\s*:\s*)(-?\d{16,})(?=\s*[,}])/g, '$1"$2"')) as unknown;
  } catch {
    return undefined;
  }
}
