import "server-only";
import type { OneOffProduct } from "./purchases";
import type { ProviderId } from "./provider";
import { stripeOneOffCheckout } from "./stripe/one-off";

// Where a one-off purchase (the rank card) is paid: the card provider's hosted checkout. The
// provider adapter that builds it (lib/billing/<provider>/) adds its line to CHECKOUTS, as
// adapters do in ./providers.ts; with none listed, buying answers 503 billing_unavailable.

export type OneOffCheckoutRequest = {
  userId: string;
  product: OneOffProduct;
  /** Where the provider sends the buyer back. */
  returnUrl: string;
  /** The same purchase started twice (a double click, a retry) opens one checkout. */
  idempotencyKey: string;
};

/** Opens a checkout at the provider and answers its page's URL; the payment, once made, is recorded by the provider's webhook (recordPayment). */
export type OneOffCheckout = { provider: ProviderId; start: (request: OneOffCheckoutRequest) => Promise<string> };

const CHECKOUTS: Array<() => OneOffCheckout | null> = [stripeOneOffCheckout];

/** The first configured checkout for one-off purchases, or null when no provider is configured. */
export function oneOffCheckout(): OneOffCheckout | null {
  for (const make of CHECKOUTS) {
    const checkout = make();
    if (checkout) return checkout;
  }
  return null;
}
