import { z } from "zod";

// One error class and one response shape for every /api answer (spec 7, 8):
// { code, status_code, message, error: { message }, fields? }

export type FieldIssue = { path: string; message: string };

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
  const fields = error.issues.slice(0, 50).map((issue) => ({
    path: issue.path.map(String).join(".") || where,
    message: issue.message,
  }));
  const first = fields[0];
  const summary = first ? `Invalid ${where}: ${first.path} ${first.message}` : `Invalid ${where}`;
  return new ApiError(400, "validation_failed", summary, fields);
}

/** 412: the stored version is not the one the writer read (If-Match, or a revert's expected value); nothing changed. */
export function versionConflict(): ApiError {
  return new ApiError(412, "version_conflict", "These settings were changed since you loaded them. Reload to see the latest version.");
}
