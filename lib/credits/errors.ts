import { DomainError } from "@/lib/http/domain-error";
import type { IssueCode } from "@/lib/validation/issues";

// Why a credits action is refused (lib/credits/), turned into the envelope in one place
// (lib/http/to-api-error.ts), each sentence in messages/validation.

export const CREDIT_ERRORS = {
  /** The guild holds fewer credits than the action costs. */
  credits_insufficient: { status: 402, field: null },
} as const satisfies Record<string, { status: number; field: string | null }>;

export type CreditErrorCode = keyof typeof CREDIT_ERRORS & IssueCode;

export class CreditError extends DomainError<CreditErrorCode> {
  override readonly name = "CreditError";
  readonly table = CREDIT_ERRORS;
}
