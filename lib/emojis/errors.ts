import { DomainError } from "@/lib/http/domain-error";
import type { IssueCode } from "@/lib/validation/issues";

// Why an emoji upload, rename or delete is refused: one error for the domain (lib/emojis/), turned
// into the envelope in one place (lib/http/to-api-error.ts), each sentence in messages/validation.

export const EMOJI_ERRORS = {
  /** Not a PNG, GIF or WebP picture. */
  emoji_type_unsupported: { status: 415, field: "image" },
  /** Over the platform's 256 KB once re-encoded. */
  emoji_too_large: { status: 413, field: "image" },
  /** Every slot of its kind is used ({max}, {animated}). */
  emoji_slots_full: { status: 409, field: "image" },
  /** Not one of this server's emojis (any more). */
  emoji_not_found: { status: 404, field: null },
  /** The bot's role lacks Manage Expressions. */
  emoji_bot_missing_permission: { status: 403, field: null },
} as const satisfies Record<string, { status: number; field: string | null }>;

export type EmojiErrorCode = keyof typeof EMOJI_ERRORS & IssueCode;

export class EmojiError extends DomainError<EmojiErrorCode> {
  override readonly name = "EmojiError";
  readonly table = EMOJI_ERRORS;
}
