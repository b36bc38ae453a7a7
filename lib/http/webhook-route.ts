import "server-only";
import { NextResponse, type NextRequest } from "next/server";
import { ApiError } from "./api-error";
import { errorResponse } from "./error-response";
import { readBounded } from "./read-body";
import { toApiError } from "./to-api-error";

// Provider webhooks: called server to server, so no session, no anti-forgery token (the
// provider proves itself: basic auth, a signature) and no budget (the provider paces itself).
// Errors still answer in the envelope; 5xx tells the provider to send again later.

export function webhookRoute(handler: (req: NextRequest) => Promise<Response | object>) {
  return async (req: NextRequest): Promise<Response> => {
    try {
      const result = await handler(req);
      // An object is answered as JSON; a Response (the platform's 204 with no body) as it is.
      const response = result instanceof Response ? result : NextResponse.json(result);
      response.headers.set("Cache-Control", "no-store");
      return response;
    } catch (error) {
      return errorResponse(toApiError(error));
    }
  };
}

/** A provider's event is small; anything past this is refused before it is read further. */
export const MAX_EVENT_BYTES = 512 * 1024;

const UTF8 = new TextDecoder("utf-8", { fatal: true });

/**
 * The raw event text, as signatures are computed over it: 413 past MAX_EVENT_BYTES (counted as
 * it arrives, never held whole), 400 when it is not UTF-8.
 */
export async function readEventText(req: Request): Promise<string> {
  const bytes = await readBounded(req, MAX_EVENT_BYTES, () => new ApiError(413, "payload_too_large", "The event is too large."));
  try {
    return UTF8.decode(bytes);
  } catch {
    throw new ApiError(400, "invalid_json", "The event is not valid UTF-8.");
  }
}
