import { NextResponse, type NextRequest } from "next/server";
import { paypalConfigured } from "@/lib/billing/paypal/client";
import { handlePaypalEvent } from "@/lib/billing/paypal/webhook";
import { getDb } from "@/lib/db/client";
import { ApiError } from "@/lib/http/api-error";
import { errorResponse } from "@/lib/http/error-response";
import { toApiError } from "@/lib/http/to-api-error";

const MAX_EVENT_BYTES = 512 * 1024;

// POST /api/webhooks/paypal: PayPal's events (no session, no XSRF: PayPal's own verification of
// the transmission is the proof). 2xx once applied or known; 401 unverified; 502 when PayPal
// could not be read (it retries).
export async function POST(req: NextRequest): Promise<Response> {
  try {
    if (!paypalConfigured()) throw new ApiError(404, "not_found", "PayPal payments are not configured.");
    const payload = await req.text();
    if (payload.length > MAX_EVENT_BYTES) throw new ApiError(413, "payload_too_large", "The event is too large.");
    const header = (name: string) => req.headers.get(name);
    const headers = {
      transmissionId: header("paypal-transmission-id"),
      transmissionTime: header("paypal-transmission-time"),
      transmissionSig: header("paypal-transmission-sig"),
      certUrl: header("paypal-cert-url"),
      authAlgo: header("paypal-auth-algo"),
    };
    return NextResponse.json(await handlePaypalEvent(await getDb(), payload, headers), { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return errorResponse(toApiError(error));
  }
}
