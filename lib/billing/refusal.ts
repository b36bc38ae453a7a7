import "server-only";
import { ApiError } from "@/lib/http/api-error";
import type { Locale } from "@/lib/i18n/locales";
import type { IssueCode, IssueParams } from "@/lib/validation/issues";
import { fieldIssue, issueTextFor } from "@/lib/validation/server-messages";

/** A billing refusal the user can act on: `code` is both the envelope's code and the field's, worded in `locale` (messages/validation). */
export function billingRefusal(status: number, path: string, code: IssueCode, locale: Locale, params?: IssueParams): ApiError {
  return new ApiError(status, code, issueTextFor(locale)(code, params), [fieldIssue(path, code, params)]);
}
