import "server-only";
import { and, eq } from "drizzle-orm";
import { applyProviderSubscription } from "@/lib/billing/subscriptions";
import { signalNotifications } from "@/lib/realtime/hub";
import { claimEvent } from "@/lib/billing/webhook-events";
import { getDb } from "@/lib/db/client";
import { subscriptions } from "@/lib/db/schema";
import { expireGuildPages } from "@/lib/guilds/page-cache";
import { ApiError } from "@/lib/http/api-error";
import { chargebeeProvider } from "./adapter";
import { readHostedCheckout } from "./checkout";

// Applying what Chargebee reports: the buyer's return from the hosted page (finalize) and its
// webhook events. Both claim what they apply (webhook_events) in the transaction that applies
// it, and both read the subscription again from Chargebee first, so repeats do nothing and the
// later of two events cannot be undone by the earlier one arriving last.

export type Finalized = { guild_id: string; plan: string; status: string; current_period_end: string };

export async function finalizeCheckout(hostedPageId: string, userId: string): Promise<Finalized> {
  const checkout = await readHostedCheckout(hostedPageId, userId);
  if (checkout.state !== "succeeded") {
    throw checkout.state === "cancelled"
      ? new ApiError(409, "checkout_cancelled", "The checkout was cancelled: nothing was charged and nothing changed.")
      : new ApiError(409, "checkout_unpaid", "The checkout has not been paid yet.");
  }
  const current = await chargebeeProvider.fetchSubscription(checkout.subscription.externalId);
  const db = await getDb();
  const row = await db.transaction(async (tx) => {
    const first = await claimEvent(tx, "chargebee", `hosted_page:${hostedPageId}`, "checkout_finalized");
    const where = and(eq(subscriptions.provider, "chargebee"), eq(subscriptions.externalId, current.externalId));
    const [stored] = await tx.select().from(subscriptions).where(where);
    // A repeat, or the webhook got here first with the same provider state: nothing to add.
    if (!first || stored) return stored ?? null;
    return applyProviderSubscription(tx, current);
  });
  if (!row) throw new ApiError(409, "checkout_unpaid", "The checkout has not been paid yet.");
  expireGuildPages(row.guildId);
  return { guild_id: row.guildId, plan: row.plan, status: row.status, current_period_end: row.currentPeriodEnd.toISOString() };
}

/** One webhook event: true when it changed something, false for a replay or a subscription this app did not sell. */
export async function applyChargebeeEvent(event: { id: string; event_type: string; subscriptionId: string | null }): Promise<boolean> {
  // Read before claiming: Chargebee down means 503 and no claim, so its retry applies the event later.
  let current = null;
  if (event.subscriptionId) {
    try {
      current = await chargebeeProvider.fetchSubscription(event.subscriptionId);
    } catch (error) {
      if (!(error instanceof ApiError && error.code === "billing_not_found")) throw error;
    }
  }
  const db = await getDb();
  const applied = await db.transaction(async (tx) => {
    if (!(await claimEvent(tx, "chargebee", event.id, event.event_type)) || !current) return false;
    await applyProviderSubscription(tx, current);
    return true;
  });
  if (applied && current) {
    expireGuildPages(current.guildId);
    // A renewal or a failed payment the change noted reaches the buyer's open tabs.
    await signalNotifications([current.userId]);
  }
  return applied;
}
