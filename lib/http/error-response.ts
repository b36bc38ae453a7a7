import { NextResponse } from "next/server";
import type { ApiError } from "./api-error";

/** The one answer for an ApiError: the envelope, never stored (API JSON is no-store), Retry-After on 429. */
export function errorResponse(error: ApiError, headers?: Record<string, string>): NextResponse {
  const response = NextResponse.json(error.toBody(), { status: error.status, headers });
  response.headers.set("Cache-Control", "no-store");
  if (error.status === 429) response.headers.set("Retry-After", String(error.retryAfter ?? 5));
  return response;
}
