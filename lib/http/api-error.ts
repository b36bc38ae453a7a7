import type { z } from "zod";
import type { FieldIssue } from "@/lib/validation/issues";
import { fieldIssues } from "@/lib/validation/issue-text";
import { issueTextFor } from "@/lib/validation/server-messages";

// One error class and one response shape for every /api answer (spec 7, 8):
// { code, status_code, message, error: { message }, fields? }. Each field names its
// problem with a stable `code` (lib/validation/issues.ts) the page can translate, and
// `message` says it in the caller's language (lib/http/error-response.ts words it).

export type { FieldIssue };

export type ApiErrorBody = {
  code: string;
  status_code: number;
  message: string;
  error: { message: string };
  fields?: FieldIssue[];
};

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: FieldIssue[],
    /** Seconds, sent as Retry-After on 429 answers. */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = "ApiError";
  }

  toBody(): ApiErrorBody {
    const body: ApiErrorBody = { code: this.code, status_code: this.status, message: this.message, error: { message: this.message } };
    if (this.fields) body.fields = this.fields;
    return body;
  }
}

export function validationError(error: z.ZodError, where: "body" | "query" | "params"): ApiError {
  return fieldsError(fieldIssues(error, where, issueTextFor("en")), where);
}

/** 400 `validation_failed` for these field issues; the summary names the first. */
export function fieldsError(fields: FieldIssue[], where: string): ApiError {
  return new ApiError(400, "validation_failed", validationSummary(fields, where), fields);
}

/** The envelope's message: the first problem as a user reads it (an error dialog shows it; `fields` name the paths). */
export function validationSummary(fields: readonly FieldIssue[], where: string): string {
  const first = fields[0];
  return first ? first.message : `Invalid ${where}`;
}

/** 412: the stored version is not the one the writer read (If-Match, or a revert's expected value); nothing changed. */
export function versionConflict(): ApiError {
  return new ApiError(412, "version_conflict", "These settings were changed since you loaded them. Reload to see the latest version.");
}
