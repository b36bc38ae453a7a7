import "server-only";
import type { CheckoutProduct, RecordedPayment } from "./purchases";
import type { ProviderId } from "./provider-contract";
import { stripeOneOffCheckout } from "./stripe/one-off";

// Where a one-off purchase (the rank card, a guild's credit pack) is paid: the card provider's hosted checkout. The
// provider adapter that builds it (lib/billing/<provider>/) adds its line to CHECKOUTS, as
// adapters do in ./providers.ts; with none listed, buying answers 503 billing_unavailable.

export type OneOffCheckoutRequest = {
  userId: string;
  product: CheckoutProduct;
  /** The guild a credit pack is for. */
  guildId?: string;
  /**
   * Where the provider sends the buyer back, for an outcome: the provider's own placeholder
   * for its checkout reference (filled in by the provider), or `cancelled`.
   */
  returnUrl: (outcome: string) => string;
  /** The same purchase started twice (a double click, a retry) opens one checkout. */
  idempotencyKey: string;
};

/** Where a checkout stands when the buyer is back: `payment` is set once it is paid. */
export type OneOffOutcome = { status: "paid"; payment: RecordedPayment } | { status: "pending" | "failed" };

/**
 * Opens a checkout at the provider and answers its page's URL; the payment, once made, is
 * recorded by the provider's webhook (recordPayment). `settle` reads a checkout back from the
 * provider when the buyer returns (so the purchase shows at once even if the webhook is late),
 * refusing one `userId` did not start.
 */
export type OneOffCheckout = {
  provider: ProviderId;
  start: (request: OneOffCheckoutRequest) => Promise<string>;
  /** Null when the provider has no such checkout for `userId` and `product`. */
  settle: (reference: string, userId: string, product: CheckoutProduct) => Promise<OneOffOutcome | null>;
};

const CHECKOUTS: Array<() => OneOffCheckout | null> = [stripeOneOffCheckout];

/** The first configured checkout for one-off purchases, or null when no provider is configured. */
export function oneOffCheckout(): OneOffCheckout | null {
  for (const make of CHECKOUTS) {
    const checkout = make();
    if (checkout) return checkout;
  }
  return null;
}
