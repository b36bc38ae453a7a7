import { NextResponse, type NextRequest } from "next/server";
import { stripeConfigured } from "@/lib/billing/stripe/client";
import { handleStripeEvent } from "@/lib/billing/stripe/webhook";
import { getDb } from "@/lib/db/client";
import { ApiError } from "@/lib/http/api-error";
import { errorResponse } from "@/lib/http/error-response";
import { toApiError } from "@/lib/http/to-api-error";

const MAX_EVENT_BYTES = 512 * 1024;

// POST /api/webhooks/stripe: Stripe's events (no session, no XSRF: the signature is the proof).
// 2xx once applied or known; 401 bad signature; 5xx when Stripe could not be read (it retries).
export async function POST(req: NextRequest): Promise<Response> {
  try {
    if (!stripeConfigured()) throw new ApiError(404, "not_found", "Card payments are not configured.");
    const payload = await req.text();
    if (payload.length > MAX_EVENT_BYTES) throw new ApiError(413, "payload_too_large", "The event is too large.");
    return NextResponse.json(await handleStripeEvent(await getDb(), payload, req.headers.get("stripe-signature")), { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return errorResponse(toApiError(error));
  }
}
