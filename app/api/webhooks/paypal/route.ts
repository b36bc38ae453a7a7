import { paypalConfigured } from "@/lib/billing/paypal/client";
import { handlePaypalEvent } from "@/lib/billing/paypal/webhook";
import { getDb } from "@/lib/db/client";
import { ApiError } from "@/lib/http/api-error";
import { readEventText, webhookRoute } from "@/lib/http/webhook-route";

// POST /api/webhooks/paypal: PayPal's events (no session, no XSRF: PayPal's own verification of
// the transmission is the proof). 2xx once applied or known; 401 unverified; 502 when PayPal
// could not be read (it retries).
export const POST = webhookRoute(async (req) => {
  if (!paypalConfigured()) throw new ApiError(404, "not_found", "PayPal payments are not configured.");
  const payload = await readEventText(req);
  const header = (name: string) => req.headers.get(name);
  return handlePaypalEvent(await getDb(), payload, {
    transmissionId: header("paypal-transmission-id"),
    transmissionTime: header("paypal-transmission-time"),
    transmissionSig: header("paypal-transmission-sig"),
    certUrl: header("paypal-cert-url"),
    authAlgo: header("paypal-auth-algo"),
  });
});
