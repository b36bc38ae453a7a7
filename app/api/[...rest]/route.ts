import { NextResponse } from "next/server";
import { ApiError } from "@/lib/http/api-error";

// Unknown /api paths answer in the error envelope rather than with an HTML page.
function notFound() {
  const error = new ApiError(404, "not_found", "This API route does not exist.");
  return NextResponse.json(error.toBody(), { status: 404 });
}

export const GET = notFound;
export const POST = notFound;
export const PATCH = notFound;
export const PUT = notFound;
export const DELETE = notFound;
