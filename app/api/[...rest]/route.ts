import { ApiError } from "@/lib/http/api-error";
import { errorResponse } from "@/lib/http/error-response";

// Unknown /api paths answer in the error envelope rather than with an HTML page.
function notFound() {
  return errorResponse(new ApiError(404, "not_found", "This API route does not exist."));
}

export const GET = notFound;
export const POST = notFound;
export const PATCH = notFound;
export const PUT = notFound;
export const DELETE = notFound;
