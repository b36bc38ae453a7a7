import "server-only";
import { NextResponse, type NextRequest } from "next/server";
import { errorResponse } from "./error-response";
import { toApiError } from "./to-api-error";

// Provider webhooks: called server to server, so no session, no anti-forgery token (the
// provider proves itself: basic auth, a signature) and no budget (the provider paces itself).
// Errors still answer in the envelope; 5xx tells the provider to send again later.

export function webhookRoute(handler: (req: NextRequest) => Promise<object>) {
  return async (req: NextRequest): Promise<Response> => {
    try {
      const response = NextResponse.json(await handler(req));
      response.headers.set("Cache-Control", "no-store");
      return response;
    } catch (error) {
      return errorResponse(toApiError(error));
    }
  };
}
