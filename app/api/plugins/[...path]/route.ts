import type { NextRequest } from "next/server";
import { ApiError } from "@/lib/http/api-error";
import { errorResponse } from "@/lib/http/error-response";
import { runGuildEndpoint } from "@/lib/http/route";
import { findEndpoint } from "@/lib/plugins/server";

type Context = { params: Promise<{ path?: string[] }> };

// /api/plugins/…: one handler for every plugin endpoint of the registry (spec 7),
// each run through the guild pipeline (session, XSRF, permission, zod, rate limit).
async function handle(req: NextRequest, context: Context): Promise<Response> {
  const segments = (await context.params).path ?? [];
  const match = findEndpoint(req.method, segments);
  if (match.kind === "found") return runGuildEndpoint(req, match.params, match.endpoint);
  const error =
    match.kind === "wrong_method"
      ? new ApiError(405, "method_not_allowed", `Use ${match.allowed.join(", ")} on this route.`)
      : new ApiError(404, "not_found", "This API route does not exist.");
  return errorResponse(error, match.kind === "wrong_method" ? { Allow: match.allowed.join(", ") } : undefined);
}

export const GET = handle;
export const POST = handle;
export const PATCH = handle;
export const PUT = handle;
export const DELETE = handle;
