import "server-only";
import { PlatformError, PlatformErrorCode, retryAfterSeconds } from "@/lib/platform/errors";

// Why a post did not happen, as the delivery log says it (codes of the `deliveryLog.errors`
// messages) and what the worker does about it: wait and post again, or pause the item until
// its owner fixes it (retrying a deleted channel forever helps nobody).

export const DELIVERY_ERRORS = [
  "channel_gone",
  "missing_permissions",
  "message_refused",
  "rate_limited",
  "platform_unavailable",
  "source_gone",
  "source_private",
  "source_not_a_feed",
  "source_unreachable",
  "provider_unavailable",
  "provider_rate_limited",
  "provider_not_configured",
  "bot_not_in_server",
  /** The bot could not give or take a role (the birthday role): Manage Roles, the role's place, or the role is gone. */
  "role_not_assignable",
  /** Not a failure: a timer's turn passed because its channel was quiet (skip_if_inactive, min_messages_between). */
  "skipped_inactive",
] as const;
export type DeliveryError = (typeof DELIVERY_ERRORS)[number];

export type Failure =
  /** Retrying cannot help until the item or the server changes. */
  | { code: DeliveryError; pause: true }
  /** Try again, no sooner than `retryAfter` seconds when the platform said. */
  | { code: DeliveryError; pause: false; retryAfter?: number };

/** A platform failure of a post, as the delivery log records it; anything else is rethrown. */
export function postFailureOf(error: unknown): Failure {
  if (!(error instanceof PlatformError)) throw error;
  if (error.code === PlatformErrorCode.UNKNOWN_CHANNEL || error.code === PlatformErrorCode.NON_TEXT_CHANNEL) return { code: "channel_gone", pause: true };
  if (error.code === PlatformErrorCode.UNKNOWN_GUILD) return { code: "bot_not_in_server", pause: true };
  if (error.code === PlatformErrorCode.MISSING_ACCESS || error.code === PlatformErrorCode.MISSING_PERMISSIONS) return { code: "missing_permissions", pause: true };
  if (error.kind === "rate_limited") return { code: "rate_limited", pause: false, retryAfter: retryAfterSeconds(error) };
  if (error.kind === "bad_request") return { code: "message_refused", pause: true };
  return { code: "platform_unavailable", pause: false };
}
