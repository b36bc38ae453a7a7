import { NextResponse } from "next/server";
import type { Locale } from "@/lib/i18n/locales";
import { issueTextFor } from "@/lib/validation/server-messages";
import { ApiError, validationSummary } from "./api-error";

/**
 * The one answer for an ApiError: the envelope, never stored (API JSON is no-store),
 * Retry-After on 429. Field issues are worded in `locale` from their codes.
 */
export function errorResponse(error: ApiError, headers?: Record<string, string>, locale: Locale = "en"): NextResponse {
  const response = NextResponse.json(inLocale(error, locale).toBody(), { status: error.status, headers });
  response.headers.set("Cache-Control", "no-store");
  if (error.status === 429) response.headers.set("Retry-After", String(error.retryAfter ?? 5));
  return response;
}

/** Answers whose message is their first field's problem: in another language it is that field's sentence. */
const SAID_BY_FIELDS = new Set(["validation_failed", "duplicate_value"]);

function inLocale(error: ApiError, locale: Locale): ApiError {
  if (!error.fields || locale === "en") return error;
  const text = issueTextFor(locale);
  const fields = error.fields.map((field) => ({ ...field, message: text(field.code, field.params) }));
  const message = SAID_BY_FIELDS.has(error.code) ? validationSummary(fields, "body") : error.message;
  return new ApiError(error.status, error.code, message, fields, error.retryAfter);
}
