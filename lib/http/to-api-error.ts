import "server-only";
import type { Locale } from "@/lib/i18n/locales";
import { unmetNeedIssues, UnmetNeedsError } from "@/lib/plugins/needs-check";
import { PlatformError } from "@/lib/platform/errors";
import { ProviderError, providerApiError } from "@/lib/providers/errors";
import { ApiError, fieldsError } from "./api-error";
import { DomainError, domainApiError } from "./domain-error";

/**
 * Maps anything a handler throws to the envelope; unknown errors are logged, never leaked.
 * `locale` is the caller's: errors that name a plugin's fields use its labels in that language.
 */
export function toApiError(error: unknown, locale: Locale = "en"): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof PlatformError) return fromPlatform(error);
  if (error instanceof ProviderError) return providerApiError(error);
  if (error instanceof UnmetNeedsError) return fieldsError(unmetNeedIssues(error, locale), "body");
  if (error instanceof DomainError) return domainApiError(error, locale);
  console.error("[api] unexpected error", error);
  return new ApiError(500, "internal_error", "Something went wrong on our side. Please try again.");
}
function fromPlatform(error: PlatformError): ApiError {
  switch (error.kind) {
    case "unauthorized":
      return new ApiError(401, "platform_session_expired", "Your Discord session has expired. Please sign in again.");
    case "rate_limited":
      return new ApiError(429, "platform_rate_limited", "Discord is rate limiting us. Please try again in a few seconds.", undefined, Math.ceil(error.retryAfter ?? 5));
    case "forbidden":
      return new ApiError(403, "platform_forbidden", "Discord refused access to this resource.");
    case "not_found":
      return new ApiError(404, "platform_not_found", "Discord could not find this resource.");
    case "bad_request":
      return new ApiError(400, "platform_bad_request", error.message);
    default:
      return new ApiError(502, "platform_unavailable", "Discord is not answering right now. Please try again shortly.");
  }
}
