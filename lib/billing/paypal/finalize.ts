import "server-only";
import { and, eq } from "drizzle-orm";
import type { ProviderSubscription } from "@/lib/billing/provider-contract";
import { applyProviderSubscription } from "@/lib/billing/subscriptions";
import { claimEvent } from "@/lib/billing/webhook-events";
import type { Db } from "@/lib/db/client";
import { subscriptions } from "@/lib/db/schema";
import { expireGuildPages } from "@/lib/guilds/page-cache";
import { ApiError } from "@/lib/http/api-error";
import { paypalRequest, paypalSettings } from "./client";
import { PaypalForeignError, PaypalPendingError, parseCustomId, toProviderSubscription } from "./subscription-map";

// The buyer is back from PayPal's approval page with ?subscription_id=…: the subscription is read
// from PayPal (never trusted from the address), must name the caller as buyer and a guild they
// manage (the route checks the guild), and is applied once. Its webhook may come first, later or
// twice: each applies what PayPal holds, and the finalize claim makes a repeated return a no-op.

export type PaypalCheckout = { guildId: string; userId: string; subscription: ProviderSubscription | null };

function forbidden(): ApiError {
  return new ApiError(403, "checkout_forbidden", "This checkout belongs to another account.");
}

/** The subscription as PayPal holds it, with the guild and buyer its custom_id names; `subscription` null while not approved. */
export async function readPaypalCheckout(subscriptionId: string): Promise<PaypalCheckout> {
  const raw = await paypalRequest<{ custom_id?: string }>({ method: "GET", path: `/v1/billing/subscriptions/${encodeURIComponent(subscriptionId)}` });
  const owner = parseCustomId(raw?.custom_id);
  if (!owner) throw forbidden();
  try {
    return { ...owner, subscription: toProviderSubscription(raw, paypalSettings().planIds) };
  } catch (error) {
    if (error instanceof PaypalPendingError) return { ...owner, subscription: null };
    if (error instanceof PaypalForeignError) throw forbidden();
    throw error;
  }
}

export type Finalized = { guild_id: string; plan: string; status: string; current_period_end: string };

export async function finalizePaypalCheckout(db: Db, checkout: PaypalCheckout, callerId: string): Promise<Finalized> {
  if (checkout.userId !== callerId) throw forbidden();
  const current = checkout.subscription;
  if (!current) throw new ApiError(409, "checkout_unpaid", "The checkout has not been approved yet.");
  if (current.status === "cancelled") throw new ApiError(409, "checkout_cancelled", "The checkout was cancelled: nothing was charged and nothing changed.");
  const row = await db.transaction(async (tx) => {
    const first = await claimEvent(tx, "paypal", `finalize:${current.externalId}`, "checkout_finalized");
    const [stored] = await tx.select().from(subscriptions).where(and(eq(subscriptions.provider, "paypal"), eq(subscriptions.externalId, current.externalId)));
    // A repeat, or the webhook got here first: what it stored is PayPal's state already.
    if (!first || stored) return stored ?? null;
    return applyProviderSubscription(tx, current);
  });
  if (!row) throw new ApiError(409, "checkout_unpaid", "The checkout has not been approved yet.");
  expireGuildPages(row.guildId);
  return { guild_id: row.guildId, plan: row.plan, status: row.status, current_period_end: row.currentPeriodEnd.toISOString() };
}
