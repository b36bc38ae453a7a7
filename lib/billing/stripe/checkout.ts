import "server-only";
import Stripe from "stripe";
import { and, desc, eq, isNotNull } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { subscriptions } from "@/lib/db/schema";
import { getEnv } from "@/lib/env";
import type { PeriodMonths, Plan } from "@/lib/billing/plans";
import { ApiError } from "@/lib/http/api-error";
import { stripeClient } from "./client";
import { viaStripe } from "./errors";

// A Stripe Checkout session selling `plan` for a guild. The metadata (on the session and the
// subscription it makes) names guild, buyer, plan and period: webhooks read them back. The
// idempotency key holds for ten minutes, so a double click opens the same session.

const KEY_WINDOW_MS = 10 * 60 * 1000;

export type CheckoutRequest = { db: Db; userId: string; guildId: string; plan: Plan; periodMonths: PeriodMonths; locale: string; now?: Date };

export function checkoutIdempotencyKey(request: Omit<CheckoutRequest, "db" | "locale">): string {
  const window = Math.floor((request.now ?? new Date()).getTime() / KEY_WINDOW_MS);
  return `checkout-${request.userId}-${request.guildId}-${request.plan}-${request.periodMonths}-${window}`;
}

export async function createCheckout(request: CheckoutRequest): Promise<{ url: string; sessionId: string }> {
  const { db, userId, guildId, plan, periodMonths, locale } = request;
  const appUrl = getEnv().APP_URL;
  const dashboard = `${appUrl}/${locale}/dashboard/${guildId}`;
  // A returning buyer keeps one Stripe customer (one portal for all their subscriptions).
  const [previous] = await db
    .select({ customerId: subscriptions.customerId })
    .from(subscriptions)
    .where(and(eq(subscriptions.provider, "stripe"), eq(subscriptions.userId, userId), isNotNull(subscriptions.customerId)))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  const metadata = { guild_id: guildId, user_id: userId, plan, period_months: String(periodMonths) };
  const session = await viaStripe(async () => {
    const [price] = (await stripeClient().prices.list({ lookup_keys: [`${plan}_${periodMonths}`], active: true, limit: 1 })).data;
    if (!price) throw new ApiError(404, "plan_unavailable", "This plan is not on sale for this period.");
    const open = (customer: string | null, idempotencyKey: string) =>
      stripeClient().checkout.sessions.create(
        {
          mode: "subscription",
          line_items: [{ price: price.id, quantity: 1 }],
          metadata,
          subscription_data: { metadata },
          client_reference_id: userId,
          ...(customer ? { customer } : {}),
          success_url: `${dashboard}?premium=welcome`,
          cancel_url: `${dashboard}?premium=cancelled`,
        },
        { idempotencyKey },
      );
    const key = checkoutIdempotencyKey(request);
    try {
      return await open(previous?.customerId ?? null, key);
    } catch (error) {
      // The customer was deleted at Stripe (or belongs to another account): checkout makes a new one.
      const gone = error instanceof Stripe.errors.StripeInvalidRequestError && error.code === "resource_missing" && error.param === "customer";
      if (!gone) throw error;
      return open(null, `${key}:new-customer`);
    }
  });
  if (!session.url) throw new ApiError(502, "billing_unavailable", "The payment provider gave no checkout page.");
  return { url: session.url, sessionId: session.id };
}
