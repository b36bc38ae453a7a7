import { DomainError } from "@/lib/http/domain-error";
import type { IssueCode } from "@/lib/validation/issues";

// Why a custom bot action is refused: one error for the domain (lib/custom-bot/), turned into
// the envelope in one place (lib/http/to-api-error.ts). The token checks name the field the owner
// typed in, so the form shows the sentence beside it; every sentence is in messages/validation.

export const CUSTOM_BOT_ERRORS = {
  /** Offline: not three dot-separated parts whose first names a bot id (an OAuth access token, a client secret…). */
  custom_bot_token_malformed: { status: 400, field: "bot_token" },
  /** The platform answered 401 to it. */
  custom_bot_token_refused: { status: 400, field: "bot_token" },
  /** A user account's token, not a bot's. */
  custom_bot_not_a_bot: { status: 400, field: "bot_token" },
  /** The token's bot is not its application's, or (update) not the application already set up. */
  custom_bot_wrong_application: { status: 400, field: "bot_token" },
  /** The guild's subscriptions do not include the custom bot (lib/billing/entitlements.ts). */
  custom_bot_not_included: { status: 403, field: null },
  /** Nothing set up yet to act on. */
  custom_bot_not_set_up: { status: 404, field: null },
  /** The platform refused the stored token (401): the owner must set a new one. */
  custom_bot_blocked: { status: 409, field: null },
  /** The stored token cannot be decrypted any more (its key left CUSTOM_BOT_TOKEN_KEYS). */
  custom_bot_token_unreadable: { status: 409, field: null },
  /** The platform's limit on avatar changes; Retry-After says when. */
  custom_bot_avatar_rate_limited: { status: 429, field: "image" },
  /** The platform failed a call with the token otherwise (down, or it refused the value): kept as the last error. */
  custom_bot_platform_failed: { status: 502, field: null },
  /** No CUSTOM_BOT_TOKEN_KEYS: tokens could not be stored safely. */
  custom_bot_unavailable: { status: 503, field: null },
  /** The generic plugin switch tried to turn it on or off: only its own page does. */
  custom_bot_switch: { status: 409, field: "enabled" },
} as const satisfies Record<string, { status: number; field: string | null }>;

export type CustomBotErrorCode = keyof typeof CUSTOM_BOT_ERRORS & IssueCode;

export class CustomBotError extends DomainError<CustomBotErrorCode> {
  override readonly name = "CustomBotError";
  readonly table = CUSTOM_BOT_ERRORS;
}
