import { DomainError } from "@/lib/http/domain-error";
import type { IssueCode } from "@/lib/validation/issues";

// Why a webhook write is refused: one error for the domain (lib/webhooks/), turned into the
// envelope in one place (lib/http/to-api-error.ts), each sentence in messages/validation.

export const WEBHOOK_ERRORS = {
  /** Not a text or announcement channel of this server. */
  unknown_channel: { status: 400, field: "channel_id" },
  wrong_channel_type: { status: 400, field: "channel_id" },
  /** `src` names no image this server uploaded. */
  unknown_upload: { status: 400, field: "src" },
  /** The channel has the platform's 15 webhooks. */
  webhook_limit_reached: { status: 409, field: "channel_id" },
  /** Not one of this server's webhooks (any more). */
  webhook_not_found: { status: 404, field: null },
  /** The bot's role lacks Manage Webhooks (in that channel). */
  webhook_bot_missing_permission: { status: 403, field: null },
} as const satisfies Record<string, { status: number; field: string | null }>;

export type WebhookErrorCode = keyof typeof WEBHOOK_ERRORS & IssueCode;

export class WebhookError extends DomainError<WebhookErrorCode> {
  override readonly name = "WebhookError";
  readonly table = WEBHOOK_ERRORS;
}
