import "server-only";
import type { z } from "zod";
import { ProviderError } from "./errors";
import type { ProviderId } from "./types";

// One way to call a provider's fixed API origin (from lib/env.ts, never from a user): a 10 s
// timeout, JSON answers parsed with zod, and the common failures mapped to ProviderError.
// User-supplied URLs (feeds) go through the guarded fetch instead.

const TIMEOUT_MS = 10_000;

/** The request, or "unavailable" when the provider cannot be reached in time. */
export async function providerFetch(provider: ProviderId, url: URL | string, init: RequestInit = {}): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS), redirect: "error", cache: "no-store" });
  } catch {
    throw new ProviderError(provider, "unavailable", `${provider} did not answer`);
  }
}

/** The answer's JSON read through `schema`: anything else is a "bad_answer", never a crash. */
export async function readJson<S extends z.ZodType>(provider: ProviderId, response: Response, schema: S): Promise<z.output<S>> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new ProviderError(provider, "bad_answer", `${provider} answered ${response.status} with something that is not JSON`);
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new ProviderError(provider, "bad_answer", `${provider} answered ${response.status} in an unexpected shape`);
  return parsed.data;
}

/**
 * Seconds to wait before asking again: `Retry-After` (seconds or an HTTP date), else a reset
 * header holding the epoch second the budget refills (Twitch's `Ratelimit-Reset`).
 */
export function retryAfterSeconds(headers: Headers, resetHeader?: string, now = Date.now()): number | undefined {
  const retryAfter = headers.get("retry-after");
  if (retryAfter) {
    const seconds = Number(retryAfter);
    if (Number.isFinite(seconds)) return Math.max(1, Math.ceil(seconds));
    const at = Date.parse(retryAfter);
    if (!Number.isNaN(at)) return Math.max(1, Math.ceil((at - now) / 1000));
  }
  const reset = resetHeader ? Number(headers.get(resetHeader)) : NaN;
  if (Number.isFinite(reset) && reset > 0) return Math.max(1, Math.ceil(reset - now / 1000));
  return undefined;
}

/**
 * The ProviderError for a failed answer: 429 → rate_limited (with the wait), 401/403 →
 * not_configured (our credentials are refused: the operator must fix them, and retrying
 * will not help), anything else → unavailable.
 */
export function failureOf(provider: ProviderId, response: Response, resetHeader?: string): ProviderError {
  if (response.status === 429) return new ProviderError(provider, "rate_limited", `${provider} rate limit reached`, retryAfterSeconds(response.headers, resetHeader));
  if (response.status === 401 || response.status === 403) return new ProviderError(provider, "not_configured", `${provider} refused our credentials (${response.status})`);
  return new ProviderError(provider, "unavailable", `${provider} answered ${response.status}`);
}
