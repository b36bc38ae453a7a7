import { stripeConfigured } from "@/lib/billing/stripe/client";
import { handleStripeEvent } from "@/lib/billing/stripe/webhook";
import { getDb } from "@/lib/db/client";
import { ApiError } from "@/lib/http/api-error";
import { readEventText, webhookRoute } from "@/lib/http/webhook-route";

// POST /api/webhooks/stripe: Stripe's events (no session, no XSRF: the signature is the proof).
// 2xx once applied or known; 401 bad signature; 5xx when Stripe could not be read (it retries).
export const POST = webhookRoute(async (req) => {
  if (!stripeConfigured()) throw new ApiError(404, "not_found", "Card payments are not configured.");
  return handleStripeEvent(await getDb(), await readEventText(req), req.headers.get("stripe-signature"));
});
