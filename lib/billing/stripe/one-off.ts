import "server-only";
import { randomUUID } from "node:crypto";
import Stripe from "stripe";
import { z } from "zod";
import type { OneOffCheckout, OneOffCheckoutRequest, OneOffOutcome } from "@/lib/billing/checkout";
import { PURCHASE_CANCELLED } from "@/lib/billing/purchase-return";
import { CHECKOUT_PRODUCTS, type CheckoutProduct, type RecordedPayment } from "@/lib/billing/purchases";
import { ApiError } from "@/lib/http/api-error";
import { platformId } from "@/lib/platform/snowflake";
import { stripeClient, stripeConfigured } from "./client";
import { viaStripe } from "./errors";

// A one-off purchase (the rank card) through Stripe Checkout in payment mode: the product's
// one-time price found by lookup key (its product id, `rank_card`), the buyer and product in the
// session's metadata, which the webhook (lib/billing/stripe/webhook.ts) and the buyer's return
// (settle) read back to record it. Stripe fills in `{CHECKOUT_SESSION_ID}` in the success URL.

const oneOffMetadata = z.object({ user_id: platformId("user"), product: z.enum(CHECKOUT_PRODUCTS), guild_id: platformId("guild").optional() });

type Buyer = { userId: string; product: CheckoutProduct; guildId: string | null };

/** The buyer, product (and guild, for credits) a one-off session was opened for; null for a session of something else sold on the same account. */
export function oneOffBuyer(session: Stripe.Checkout.Session): Buyer | null {
  const metadata = oneOffMetadata.safeParse(session.metadata ?? {});
  return metadata.success ? { userId: metadata.data.user_id, product: metadata.data.product, guildId: metadata.data.guild_id ?? null } : null;
}

/** The payment a paid one-off session records. */
export function paidOneOff(session: Stripe.Checkout.Session, buyer: Buyer): RecordedPayment {
  return { id: randomUUID(), provider: "stripe", externalId: session.id, subscriptionId: null, guildId: buyer.guildId, userId: buyer.userId, product: buyer.product, amountCents: session.amount_total ?? 0, currency: session.currency ?? "usd", status: "paid" };
}

async function start(request: OneOffCheckoutRequest): Promise<string> {
  const session = await viaStripe(async () => {
    const [price] = (await stripeClient().prices.list({ lookup_keys: [request.product], active: true, limit: 1 })).data;
    if (!price) throw new ApiError(503, "billing_unavailable", "This product is not on sale right now.");
    return stripeClient().checkout.sessions.create(
      {
        mode: "payment",
        line_items: [{ price: price.id, quantity: 1 }],
        metadata: { user_id: request.userId, product: request.product, ...(request.guildId && { guild_id: request.guildId }) },
        client_reference_id: request.userId,
        success_url: request.returnUrl("{CHECKOUT_SESSION_ID}"),
        cancel_url: request.returnUrl(PURCHASE_CANCELLED),
      },
      { idempotencyKey: request.idempotencyKey },
    );
  });
  if (!session.url) throw new ApiError(502, "billing_unavailable", "The payment provider gave no checkout page.");
  return session.url;
}

async function settle(reference: string, userId: string, product: CheckoutProduct): Promise<OneOffOutcome | null> {
  const session = await viaStripe(() =>
    stripeClient()
      .checkout.sessions.retrieve(reference)
      .catch((error: unknown) => {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === "resource_missing") return null;
        throw error;
      }),
  );
  const buyer = session?.mode === "payment" ? oneOffBuyer(session) : null;
  // Someone else's checkout answers as an unknown one: its existence is not told.
  if (!session || !buyer || buyer.userId !== userId || buyer.product !== product) return null;
  if (session.payment_status === "paid") return { status: "paid", payment: paidOneOff(session, buyer) };
  // Open: the buyer left before paying, or a delayed method is still on its way; expired: never paid.
  return { status: session.status === "expired" ? "failed" : "pending" };
}

/** Stripe's one-off checkout, when Stripe is configured. */
export function stripeOneOffCheckout(): OneOffCheckout | null {
  return stripeConfigured() ? { provider: "stripe", start, settle } : null;
}
