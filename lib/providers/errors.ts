import "server-only";
import { ApiError } from "@/lib/http/api-error";
import type { ProviderFailure, ProviderId } from "./types";

// One error for every failed provider call. Adapters throw it; the search endpoints turn it
// into the envelope, and the forms keep saved subscriptions as they are and show a notice.

export class ProviderError extends Error {
  constructor(
    readonly provider: ProviderId,
    readonly failure: ProviderFailure,
    message: string,
    /** Seconds the provider asked us to wait (429 Retry-After / Ratelimit-Reset). */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = "ProviderError";
  }
}

/** The envelope for a provider failure: 503 unavailable or not configured, 429 with Retry-After, 502 a bad answer. */
export function providerApiError(error: ProviderError): ApiError {
  switch (error.failure) {
    case "not_configured":
      return new ApiError(503, "provider_not_configured", `Searching ${error.provider} is not set up on this Guildhall.`);
    case "rate_limited":
      return new ApiError(429, "provider_rate_limited", `${error.provider} asks us to slow down. Try again in a moment.`, undefined, error.retryAfter);
    case "bad_answer":
      return new ApiError(502, "provider_bad_answer", `${error.provider} gave an answer we could not read. Try again later.`);
    default:
      return new ApiError(503, "provider_unavailable", `${error.provider} is not answering. Your saved subscriptions are kept; try again later.`);
  }
}
