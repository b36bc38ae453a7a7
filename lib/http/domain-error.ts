import type { Locale } from "@/lib/i18n/locales";
import type { IssueCode, IssueParams } from "@/lib/validation/issues";
import { fieldIssue, issueTextFor } from "@/lib/validation/server-messages";
import { ApiError } from "./api-error";

// Why a domain refuses an action (the custom bot, emojis, webhooks, guild details): each domain
// keeps a table of its codes with their HTTP status and the field they are about, and throws its
// subclass; the envelope is made here, in one place, each sentence from messages/validation.

export type RefusalTable = Record<string, { status: number; field: string | null }>;

export abstract class DomainError<Code extends IssueCode = IssueCode> extends Error {
  /** The domain's codes: status and field of each. */
  abstract readonly table: RefusalTable;

  constructor(
    readonly code: Code,
    readonly params?: IssueParams,
    /** Seconds, for a 429's Retry-After. */
    readonly retryAfter?: number,
  ) {
    super(code);
  }
}

/** The envelope of a domain's refusal, worded in the caller's language. */
export function domainApiError(error: DomainError, locale: Locale): ApiError {
  const { status, field } = error.table[error.code] ?? { status: 400, field: null };
  const fields = field ? [fieldIssue(field, error.code, error.params)] : undefined;
  return new ApiError(status, error.code, issueTextFor(locale)(error.code, error.params), fields, error.retryAfter);
}
