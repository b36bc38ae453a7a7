import "server-only";
import type { OneOffCheckout, OneOffCheckoutRequest } from "@/lib/billing/checkout";
import { ApiError } from "@/lib/http/api-error";
import { stripeClient, stripeConfigured } from "./client";
import { viaStripe } from "./errors";

// A one-off purchase (the rank card) through Stripe Checkout in payment mode: the product's
// one-time price found by lookup key (its product id, `rank_card`), the buyer and product in the
// session's metadata, which the webhook reads back (lib/billing/stripe/webhook.ts) to record it.

async function start(request: OneOffCheckoutRequest): Promise<string> {
  const session = await viaStripe(async () => {
    const [price] = (await stripeClient().prices.list({ lookup_keys: [request.product], active: true, limit: 1 })).data;
    if (!price) throw new ApiError(503, "billing_unavailable", "This product is not on sale right now.");
    return stripeClient().checkout.sessions.create(
      {
        mode: "payment",
        line_items: [{ price: price.id, quantity: 1 }],
        metadata: { user_id: request.userId, product: request.product },
        client_reference_id: request.userId,
        success_url: request.returnUrl,
        cancel_url: request.returnUrl,
      },
      { idempotencyKey: request.idempotencyKey },
    );
  });
  if (!session.url) throw new ApiError(502, "billing_unavailable", "The payment provider gave no checkout page.");
  return session.url;
}

/** Stripe's one-off checkout, when Stripe is configured. */
export function stripeOneOffCheckout(): OneOffCheckout | null {
  return stripeConfigured() ? { provider: "stripe", start } : null;
}
